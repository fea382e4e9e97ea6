import { use, type ComponentType } from 'react'

/**
 * A code-split component whose chunk can be fetched ahead of its first render. Unlike
 * React.lazy, which suspends on every first render even when the chunk is already here, a
 * preloaded one renders at once: no fallback, and none of React's 300 ms throttle on
 * revealing suspended content.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m.default),
      (err: unknown) => {
        pending = undefined // a later render or preload tries the chunk again
        throw err
      },
    ))
  function Preloadable(props: P) {
    const Component = loaded ?? use(preload())
    return <Component {...props} />
  }
  return Object.assign(Preloadable, { preload })
}
