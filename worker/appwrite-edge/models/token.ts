// Appwrite's `token` model (verification and recovery). `secret` is empty unless an API key
// asked: the secret travels only by mail, and only its hash is stored.
export type TokenRecord = {
  id: string
  user_id: string
  kind: string
  secret_hash: string
  created_at: string
  expire: string
}

export function tokenModel(t: TokenRecord, secret = '') {
  return {
    $id: t.id,
    $createdAt: t.created_at,
    userId: t.user_id,
    secret,
    expire: t.expire,
    phrase: '',
  }
}

export type TokenModel = ReturnType<typeof tokenModel>
