import { WebSocket as WsSocket } from 'ws'

// What the official web SDK expects of a browser, in Node: `window`, `localStorage` and a global
// WebSocket. Imported before `appwrite` so the SDK sees them. Existing shims are reused.

class MemoryStorage {
  private readonly items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null
  }
  getItem(k: string) {
    return this.items.get(k) ?? null
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v))
  }
  removeItem(k: string) {
    this.items.delete(k)
  }
  clear() {
    this.items.clear()
  }
}

/** A socket that records every frame it received, so tests can read the real wire. */
export class SpySocket extends WsSocket {
  readonly frames: { type: string; data?: any }[] = []

  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols)
    this.on('message', (raw) => this.frames.push(JSON.parse(String(raw))))
  }
}

const g = globalThis as Record<string, unknown>
g.window ??= globalThis
g.localStorage ??= new MemoryStorage()
g.WebSocket = SpySocket
