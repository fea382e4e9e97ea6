import { use, type ComponentType } from 'react'

/**
 * A code-split component whose chunk can be fetched ahead of its first render. Unlike
 * React.lazy, which suspends on every first render even when the chunk is already here, a
 * preloaded one renders at once: no fallback, and none of React's 300 ms throttle on
 * revealing suspended content. A `quiet` one (a part of a screen, which works without it) whose
 * chunk did not come renders nothing (or `quiet`, a stand-in given the same props), not the
 * route's error page, until a preload brings it.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  quiet: boolean | ComponentType<P> = false,
) {
  let pending: Promise<ComponentType<P>> | undefined
  let failed = false
  // Whether the last fetch was a render's: one that failed shows its failure, not a new fetch.
  let byRender = false
  const fetchChunk = (render: boolean) => {
    failed = false
    byRender = render
    const chunk = load().then((m) => m.default)
    // The settled state on the promise itself, which use() reads first (the status and value of
    // React's FulfilledReactPromise type): a chunk already here renders at once.
    chunk.then(
      (value) => Object.assign(chunk, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(chunk, { status: 'rejected', reason })
        failed ||= pending === chunk
      },
    )
    return (pending = chunk)
  }
  // A chunk that did not come is asked for again by a preload (a later settle, a hover), and by
  // a render after a preload's failure; a render's own failure is shown (the route's error page),
  // where asking again on each render fetched it in a loop that nothing ended.
  const preload = (): Promise<ComponentType<P>> =>
    pending && !failed ? pending : fetchChunk(false)
  // use() on every render: React replays a render that suspended and expects the same call.
  function Preloadable(props: P) {
    const chunk = pending && (!failed || byRender) ? pending : fetchChunk(true)
    const Stand = quiet
    if (Stand && (chunk as { status?: string }).status === 'rejected')
      return Stand === true ? null : <Stand {...props} />
    const Component = use(chunk)
    return <Component {...props} />
  }
  return Object.assign(Preloadable, { preload })
}
