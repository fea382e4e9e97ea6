import type { Config } from '../config'

// Appwrite's CORS contract: the Origin is echoed (never *) with credentials, because the web SDK
// sends credentials: 'include'. Same-origin requests are always allowed.
const ALLOW_HEADERS = [
  'accept',
  'origin',
  'cookie',
  'content-type',
  'content-range',
  'range',
  'cache-control',
  'expires',
  'pragma',
  'x-requested-with',
  'x-fallback-cookies',
  'x-appwrite-project',
  'x-appwrite-key',
  'x-appwrite-jwt',
  'x-appwrite-locale',
  'x-appwrite-mode',
  'x-appwrite-response-format',
  'x-appwrite-id',
  'x-appwrite-session',
  'x-sdk-version',
  'x-sdk-name',
  'x-sdk-language',
  'x-sdk-platform',
  'x-sdk-graphql',
  'x-sdk-profile',
  'x-forwarded-user-agent',
].join(', ')

export function allowedOrigin(req: Request, config: Config): string | null | false {
  const origin = req.headers.get('origin')
  if (!origin) return null
  if (origin === new URL(req.url).origin || config.APP_ORIGINS.includes(origin)) return origin
  return false
}

export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-expose-headers': 'X-Appwrite-Session, X-Fallback-Cookies',
    'access-control-max-age': '86400',
    vary: 'Origin',
  }
}
