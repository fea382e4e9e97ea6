import { MIGRATIONS } from './migrations'

type Binding = string | number | null | ArrayBuffer
export type Row = Record<string, SqlStorageValue>

/** A thin typed layer over the Durable Object's synchronous SQLite API. */
export class Sql {
  constructor(private readonly sql: SqlStorage) {}

  all<T = Row>(query: string, ...params: Binding[]): T[] {
    return this.sql.exec(query, ...params).toArray() as T[]
  }

  one<T = Row>(query: string, ...params: Binding[]): T | undefined {
    return this.all<T>(query, ...params)[0]
  }

  run(query: string, ...params: Binding[]): number {
    return this.sql.exec(query, ...params).rowsWritten
  }

  migrate(): void {
    this.sql.exec('CREATE TABLE IF NOT EXISTS _migrations (n INTEGER NOT NULL)')
    const done = (this.one<{ n: number }>('SELECT max(n) AS n FROM _migrations')?.n ?? 0) as number
    MIGRATIONS.slice(done).forEach((step, i) => {
      if (typeof step === 'string') this.sql.exec(step)
      else step(this)
      this.sql.exec('INSERT INTO _migrations (n) VALUES (?)', done + i + 1)
    })
  }
}

/** ISO 8601 with milliseconds and an offset, as Appwrite formats dates. */
export const isoNow = (ms = Date.now()) => new Date(ms).toISOString().replace('Z', '+00:00')

const HEX = '0123456789abcdef'
/** Appwrite's ID.unique(): hex seconds + 5 hex of ms + 7 random hex = 20 chars. */
export function uniqueId(): string {
  const now = Date.now()
  const sec = Math.floor(now / 1000).toString(16)
  const ms = (now % 1000).toString(16).padStart(5, '0')
  const rand = crypto.getRandomValues(new Uint8Array(7))
  return sec + ms + Array.from(rand, (b) => HEX[b & 15]).join('')
}

const CUSTOM_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/
/** Resolves `unique()` and validates a custom id; returns undefined when invalid. */
export function resolveId(id: unknown): string | undefined {
  if (id === 'unique()') return uniqueId()
  return typeof id === 'string' && CUSTOM_ID.test(id) ? id : undefined
}
