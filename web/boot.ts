import { firstLoad } from './lib/first-load'
import { startSessionProbe } from './lib/session-probe'

// index.html names this entry before main.tsx, so its few lines run before React, the router
// and the query client are evaluated: a visitor's "anybody signed in?" round trip then overlaps
// their start-up instead of following it.
// A page that came with the signed-in data (worker/routes/first-load.ts) renders without asking.
if (!firstLoad()) startSessionProbe()
