import './dom-shim'
import { Account, Client, Locale, Teams } from 'appwrite'
import { PROJECT } from './server-sdk'

// The official web SDK in Node, as in a browser. dom-shim gives it window, localStorage and a
// WebSocket. A browser also keeps cookies, which Node's fetch does not: this file wraps the
// global fetch with a cookie jar per client (a shim of the platform, not of our code), so the
// HttpOnly session cookie flows exactly as it would in a browser: stored from Set-Cookie, sent
// back as Cookie, dropped when expired. Each client gets its own jar, like separate browsers.

export { PROJECT }

type Stored = { value: string; expires: number }

export class CookieJar {
  readonly cookies = new Map<string, Stored>()
  /** Every response this client received (status, headers), newest last, for assertions. */
  readonly responses: { url: string; status: number; headers: Headers }[] = []

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      let expires = Infinity
      for (const a of attrs) {
        const [k, v = ''] = a.split('=')
        if (k.toLowerCase() === 'expires') expires = Date.parse(v)
        if (k.toLowerCase() === 'max-age') expires = Date.now() + Number(v) * 1000
      }
      if (expires <= Date.now()) this.cookies.delete(name)
      else this.cookies.set(name, { value: pair.slice(eq + 1), expires })
    }
  }

  header(): string {
    const live = [...this.cookies].filter(([, c]) => c.expires > Date.now())
    return live.map(([name, c]) => `${name}=${c.value}`).join('; ')
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value
  }

  get last() {
    return this.responses.at(-1)
  }
}

const JAR_HEADER = 'x-test-cookie-jar'
const jars = new Map<string, CookieJar>()
const platformFetch = globalThis.fetch

async function fetchWithJar(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers)
  const jar = jars.get(headers.get(JAR_HEADER) ?? '')
  if (!jar) return platformFetch(input, init)
  headers.delete(JAR_HEADER)
  const cookie = jar.header()
  if (cookie) headers.set('cookie', cookie)
  const res = await platformFetch(input, { ...init, headers })
  jar.store(res.headers.getSetCookie())
  jar.responses.push({ url: String(input), status: res.status, headers: res.headers })
  return res
}

if ((globalThis.fetch as { jar?: true }).jar !== true)
  globalThis.fetch = Object.assign(fetchWithJar, { jar: true as const })

/** A web SDK client with its own cookie jar (one "browser"), and the services we serve. */
export function webClient(serverUrl: string) {
  const client = new Client().setEndpoint(`${serverUrl}/v1`).setProject(PROJECT)
  const jar = new CookieJar()
  const id = crypto.randomUUID()
  jars.set(id, jar)
  client.headers[JAR_HEADER] = id
  return {
    client,
    jar,
    account: new Account(client),
    teams: new Teams(client),
    locale: new Locale(client),
  }
}

export type WebClient = ReturnType<typeof webClient>
