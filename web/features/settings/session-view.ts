import type { Models } from 'appwrite'
import { fullDateTime } from '../../../shared/timeline'

/** One row of the session list: what a person recognises a device by. */
export type SessionView = {
  id: string
  current: boolean
  /** e.g. "Chrome 126 on Linux" */
  title: string
  /** e.g. "Desktop · Germany · 203.0.113.7" */
  details: string
  createdAt: string
  /** The spec's datetime format ("MMMM d, yyyy hh:mm:ss aa"). */
  created: string
  /** When the device was last in use (shared/db-schema.ts session_activity), if known. */
  activeAt: string | null
}

type SessionFields = Pick<
  Models.Session,
  | '$id'
  | '$createdAt'
  | 'current'
  | 'clientName'
  | 'clientVersion'
  | 'osName'
  | 'osVersion'
  | 'deviceName'
  | 'deviceBrand'
  | 'deviceModel'
  | 'countryName'
  | 'ip'
>

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const join = (parts: string[], by: string) => parts.filter(Boolean).join(by)

export function describeSession(s: SessionFields, activeAt?: string): SessionView {
  // A major version is enough to recognise a browser; "126.0.6478.126" is noise.
  const client = join([s.clientName, s.clientVersion.split('.')[0] ?? ''], ' ')
  const os = join([s.osName, s.osVersion], ' ')
  const title = `${client || 'Unknown browser'} on ${os || 'an unknown system'}`
  const country = s.countryName === 'Unknown' ? '' : s.countryName
  const model = join([s.deviceBrand, s.deviceModel], ' ')
  return {
    id: s.$id,
    current: s.current,
    title,
    details: join([capitalise(s.deviceName), model, country, s.ip], ' · '),
    createdAt: s.$createdAt,
    created: fullDateTime(new Date(s.$createdAt)),
    activeAt: activeAt ?? null,
  }
}

/** This device first, then the others newest first. */
export function orderSessions<T extends Pick<SessionFields, 'current' | '$createdAt'>>(
  sessions: T[],
): T[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.$createdAt.localeCompare(a.$createdAt),
  )
}
