import type { CloudflareOptions, ErrorEvent } from '@sentry/cloudflare'
import { RELEASE } from '../../shared/constants'
import type { Config } from '../config'

export const MAX_ENVELOPE_BYTES = 1024 * 1024

export type Dsn = { raw: string; upstream: string; org: string; project: string }

/**
 * The parts of the configured DSN the tunnel needs. `org` comes from a SaaS ingest host
 * (o<org>.ingest[.<region>].sentry.io) and is '' for other hosts (self-hosted, local capture).
 * The upstream URL is built from the DSN only, never from the request.
 */
export function parseDsn(dsn: string): Dsn | undefined {
  try {
    const url = new URL(dsn)
    const parts = url.pathname.split('/').filter(Boolean)
    const project = parts.pop()
    if (!project || !/^\d+$/.test(project) || !url.username) return undefined
    const prefix = parts.length ? `/${parts.join('/')}` : ''
    return {
      raw: dsn.replace(/\/+$/, ''),
      upstream: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
      org: /^o(\d+)\.ingest\./.exec(url.hostname)?.[1] ?? '',
      project,
    }
  } catch {
    return undefined
  }
}

const SECRET_HEADERS =
  /^(authorization|cookie|set-cookie|x-appwrite-(jwt|key|session)|x-fallback-cookies)$/i

/** Removes credentials from an event before it leaves the Worker. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const req = event.request
  if (req) {
    if (req.headers)
      for (const name of Object.keys(req.headers))
        if (SECRET_HEADERS.test(name)) delete req.headers[name]
    delete req.cookies
    delete req.data
  }
  if (event.user) delete event.user.ip_address
  return event
}

/**
 * Options for @sentry/cloudflare's withSentry; undefined (SDK off) without SENTRY_DSN.
 * SDK v11 replaced `sendDefaultPii` with `dataCollection`; this is its "no PII" setting: no user
 * info, cookies, bodies or query strings, and only harmless request headers. beforeSend scrubs
 * credentials again in case an integration adds them.
 */
export function sentryOptions(config: Config | undefined): CloudflareOptions | undefined {
  if (!config?.SENTRY_DSN) return undefined
  return {
    dsn: config.SENTRY_DSN,
    release: RELEASE,
    environment: config.SENTRY_ENVIRONMENT,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: {
        request: { allow: ['user-agent', 'content-type', 'cf-ray'] },
        response: false,
      },
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    beforeSend: scrubEvent,
  }
}
