/* Kathelia's service worker, served at /sw.js (scope /) by the `pwa` plugin in vite.config.ts.
 * The build replaces BUILD with its version and every file it wrote (hashed assets, index.html);
 * the dev server leaves an empty list, and the page hands over the URLs it loaded instead. Both
 * fill in BACKEND. */
const BUILD = { version: 'dev', precache: [] }
// The backend the page signs in to, from the same public variables (empty: this origin's /v1).
const BACKEND = { endpoint: '', project: 'kathelia' }
const CACHE = `kathelia-${BUILD.version}`
// Answers of the API, the backend and the Sentry tunnel are never cached: they are per user and live.
// Nor is a request answered from the worker's own keys (__sw: its JWT, below).
const NEVER = /^\/(api|v1|monitoring|__dev|__sw)(\/|$)/

self.addEventListener('install', (event) => {
  // Without the session cookie: `/` answered to a signed-in browser is that user's page (a JWT,
  // messages; no-store), which addAll would keep on disk, and serve as anyone's offline shell.
  const anonymous = BUILD.precache.map((url) => new Request(url, { credentials: 'omit' }))
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(anonymous)))
  // The very first worker takes over at once; an update waits for the page's "Reload".
  if (!self.registration.active) self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith('kathelia-') && key !== CACHE && key !== TOKENS) await caches.delete(key)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data || {}
  if (data.type === 'skip-waiting') self.skipWaiting()
  // The page's own requests before this worker controlled it (the first visit).
  if (data.type === 'cache-urls' && Array.isArray(data.urls))
    event.waitUntil(cacheUrls(data.urls.filter(cacheable)))
})

// A page answered with data of a signed-in user (worker/routes/first-load.ts) says no-store: it is
// nobody's shell, and Cache Storage would keep a JWT and messages on disk.
const storable = (res) =>
  res &&
  res.ok &&
  res.type === 'basic' &&
  !/no-store|private/i.test(res.headers.get('cache-control') || '')

const cacheable = (href) => {
  const url = new URL(href, self.location.origin)
  return url.origin === self.location.origin && !NEVER.test(url.pathname)
}

async function cacheUrls(urls) {
  const cache = await caches.open(CACHE)
  await Promise.all(
    urls.map(async (u) => {
      if (await cache.match(u)) return
      // Anonymous too: a shell is nobody's page (install, above).
      const res = await fetch(u, { credentials: 'omit' }).catch(() => undefined)
      if (storable(res)) await cache.put(u, res)
    }),
  )
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return
  if (request.mode === 'navigate') event.respondWith(page(request))
  else if (BUILD.precache.length && url.pathname.startsWith('/assets/'))
    event.respondWith(cacheFirst(request))
  else event.respondWith(networkFirst(request))
})

/** A hashed asset never changes under its name: the cache answers, the network fills it. */
async function cacheFirst(request) {
  const hit = await caches.match(request)
  if (hit) return hit
  return networkFirst(request)
}

/** The network when it answers (kept for offline use), else the cached copy. */
async function networkFirst(request) {
  try {
    const res = await fetch(request)
    if (storable(res)) {
      const copy = res.clone()
      caches.open(CACHE).then((cache) => cache.put(request, copy))
    }
    return res
  } catch (err) {
    const hit = await caches.match(request)
    if (hit) return hit
    throw err
  }
}

/** Every address of the SPA is its shell; offline without one, a notice of our own. */
async function page(request) {
  try {
    const res = await fetch(request)
    if (storable(res)) {
      const copy = res.clone()
      caches.open(CACHE).then((cache) => cache.put('/', copy))
    }
    return res
  } catch {
    const shell = (await caches.match('/')) || (await caches.match('/index.html'))
    return shell || offlinePage()
  }
}

function offlinePage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Kathelia - offline</title>
<style>:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:28rem;padding:1.5rem;text-align:center}</style>
</head><body><main role="alert"><h1>You are offline</h1>
<p>Kathelia cannot reach the internet. It will load once the connection returns.</p>
<button onclick="location.reload()">Try again</button></main>
<script>addEventListener('online', function () { location.reload() })</script></body></html>`
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })
}

// Web Push: the Worker's payload is { title, body, tag, url, roomId, about?, change? }
// (shared/schemas/push.ts).
self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { body: event.data ? event.data.text() : '' }
  }
  if (data.change) {
    event.waitUntil(changeShown(data))
    return
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(data.title || 'Kathelia', {
        body: data.body || '',
        // One notification per room: a burst replaces the previous one instead of stacking.
        tag: data.tag || 'kathelia',
        renotify: true,
        icon: '/icons/icon-192.png',
        data: { url: data.url || '/', about: data.about || null },
      }),
      typeof data.seq === 'number' && data.roomId && reportDelivered(data.roomId, data.seq),
    ]),
  )
})

// The worker's JWT, kept between its wakes (a browser stops an idle worker within a minute, and
// Appwrite lets a user make only so many JWTs an hour): under a key of its own, never a network
// address. No more than what the session cookie beside it already grants, for 10 of its 15 minutes.
const TOKEN = '/__sw/jwt'
const TOKENS = 'kathelia-jwt'

async function jwtOf(fresh) {
  const store = await caches.open(TOKENS)
  const kept = !fresh && (await store.match(TOKEN))
  const token = kept && (await kept.json())
  if (token && token.until > Date.now()) return token.jwt
  const endpoint = BACKEND.endpoint || `${self.location.origin}/v1`
  const res = await fetch(`${endpoint}/account/jwts`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': BACKEND.project },
    body: '{}',
  })
  if (!res.ok) return void (await store.delete(TOKEN))
  const { jwt } = await res.json()
  await store.put(TOKEN, new Response(JSON.stringify({ jwt, until: Date.now() + 10 * 60_000 })))
  return jwt
}

/**
 * This device holds the message now: the sender's "Delivered", as an open tab reports it
 * (web/features/chat/delivery-report.ts). Signed in as the page is, by the session cookie (a JWT
 * of its own), never by anything the push says. A token refused (the session ended, another
 * signed in) is made again once. Without a session, or with the backend's cookie blocked on
 * another origin, nothing is reported.
 */
async function reportDelivered(roomId, seq) {
  try {
    for (const fresh of [false, true]) {
      const jwt = await jwtOf(fresh)
      if (!jwt) return
      const res = await fetch('/api/receipt/delivered', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: JSON.stringify({ roomId, seq }),
      })
      if (res.status !== 401) return
    }
  } catch {
    // Offline again, or the backend unreachable: the app reports it when it next opens.
  }
}

/**
 * The sender edited or deleted for everyone the message a notification shows: it takes the new
 * words, or says the message was deleted (the room's tombstone words), quietly and in its place
 * in the tray. Closing it instead would leave a push that showed nothing, which browsers allow
 * only now and then. Nothing new is shown when it is gone already or shows another message.
 */
async function changeShown(data) {
  const shown = await self.registration.getNotifications({ tag: data.tag })
  const it = shown.find((n) => n.data && n.data.about === data.about)
  if (!it) return
  return self.registration.showNotification(it.title, {
    body: data.change === 'deleted' ? 'This message was deleted.' : data.body || '',
    tag: it.tag,
    renotify: false,
    silent: true,
    timestamp: it.timestamp,
    icon: '/icons/icon-192.png',
    data: it.data,
  })
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const done = openRoom((event.notification.data && event.notification.data.url) || '/')
  try {
    event.waitUntil(done)
  } catch {
    // A synthetic event (tests) cannot be extended; the promise runs on.
  }
})

/** Focuses an open Kathelia tab on the room, or opens one. */
async function openRoom(path) {
  const url = new URL(path, self.location.origin).href
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const tab = tabs.find((c) => c.url === url) || tabs[0]
  if (!tab) return self.clients.openWindow(url)
  await tab.focus().catch(() => undefined)
  if (tab.url === url) return tab
  // A tab this worker controls moves inside the SPA; another one is navigated.
  tab.postMessage({ type: 'open', url: path })
  return tab
}
