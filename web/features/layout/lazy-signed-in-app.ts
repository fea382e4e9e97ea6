import { preloadable } from '../../lib/preloadable'

// The signed-in app (layout, realtime, presence, chat) is a separate chunk: visitors on the
// sign-in screen never download it; a likely session fetches it early (preload-signed-in.ts).
export const SignedInApp = preloadable(() => import('./signed-in-app'))
