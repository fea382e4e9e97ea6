import { use, type ComponentType } from 'react'

/**
 * A code-split component whose chunk can be fetched ahead of its first render. Unlike
 * React.lazy, which suspends on every first render even when the chunk is already here, a
 * preloaded one renders at once: no fallback, and none of React's 300 ms throttle on
 * revealing suspended content.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<ComponentType<P>> | undefined
  const preload = (): Promise<ComponentType<P>> => {
    if (pending) return pending
    const chunk = load().then((m) => m.default)
    // The settled state on the promise itself, which use() reads first (the status and value of
    // React's FulfilledReactPromise type): a chunk already here renders at once.
    chunk.then(
      (value) => Object.assign(chunk, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(chunk, { status: 'rejected', reason })
        pending = undefined // a later render or preload tries the chunk again
      },
    )
    return (pending = chunk)
  }
  // use() on every render: React replays a render that suspended and expects the same call.
  function Preloadable(props: P) {
    const Component = use(preload())
    return <Component {...props} />
  }
  return Object.assign(Preloadable, { preload })
}
