import { WebSocket } from 'ws'

// What the appwrite web SDK needs of a browser, in Node: `window`, `localStorage` and a global
// WebSocket (Node 20 has none). Import before `appwrite`. Unlike tests/compat's dom-shim, the
// socket records nothing, so the receiver does no work a browser would not do.
const items = new Map<string, string>()
const g = globalThis as Record<string, unknown>
g.window ??= globalThis
g.localStorage ??= {
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, String(v)),
  removeItem: (k: string) => void items.delete(k),
  clear: () => items.clear(),
  key: (i: number) => [...items.keys()][i] ?? null,
  get length() {
    return items.size
  },
}
g.WebSocket ??= WebSocket
