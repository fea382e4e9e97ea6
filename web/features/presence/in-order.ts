/**
 * One tab's presence reports, sent one after another: each leaves only once the one before has
 * been answered (or has failed), so the server writes them in the order they were made. Without
 * it, a heartbeat sent just before the tab was hidden could land after the "away" report and
 * leave the user online while the tab is hidden. `send` is called when its turn comes, so what
 * it reads (is the tab hidden?) is read then, not when it was queued.
 */
export function reportsInOrder() {
  let last: Promise<unknown> = Promise.resolve()
  return <T>(send: () => Promise<T>): Promise<T> => {
    const next = last.then(send, send)
    last = next.catch(() => undefined)
    return next
  }
}
