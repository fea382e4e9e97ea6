// A stand-in for TanStack Router's scroll restoration (router-core's scroll-restoration.js) in
// the browser bundle (scripts/router-scroll-plugin.ts). Kathelia turns restoration off
// (main.tsx): the window never scrolls (the shell is the viewport's height, each page scrolls
// inside it), and a room keeps its own place (web/features/chat/room-position.ts). What the
// module still does with restoration off stays: a navigation resets the window's scroll, or goes
// to its hash. Without the rest (a sessionStorage cache read at load, capture listeners), the
// first script is 1 KB lighter.
type Router = {
  _scroll: { n?: boolean; h?: boolean; r?: boolean }
  options: { scrollRestorationBehavior?: ScrollBehavior }
  subscribe(
    event: 'onRendered',
    fn: (e: { toLocation: { hash: string; state: Record<string, unknown> } }) => void,
  ): () => void
}

export const storageKey = 'tsr-scroll-restoration-v1_3'

export const defaultGetScrollRestorationKey = (location: {
  href: string
  state: { __TSR_key?: string; key?: string }
}) => location.state.__TSR_key || location.state.key || location.href

export const getElementScrollRestorationEntry = () => undefined

export function setupScrollRestoration(router: Router) {
  const scroll = router._scroll
  if (scroll.r) return
  scroll.r = true
  router.subscribe('onRendered', ({ toLocation }) => {
    const reset = scroll.n
    scroll.n = true
    scroll.h = false
    const { hash } = toLocation
    const into = (toLocation.state.__hashScrollIntoViewOptions ?? true) as boolean
    if (hash) {
      if (into) document.getElementById(hash)?.scrollIntoView(into)
    } else if (reset)
      scrollTo({ top: 0, left: 0, behavior: router.options.scrollRestorationBehavior })
  })
}
