export type VerificationParams = { userId: string; secret: string }

/** The emailed link is `/?userId&secret&expire`; both userId and secret must be present. */
export function readVerificationParams(search: string): VerificationParams | null {
  const params = new URLSearchParams(search)
  const userId = params.get('userId')
  const secret = params.get('secret')
  return userId && secret ? { userId, secret } : null
}
