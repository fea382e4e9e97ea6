/**
 * Group commit for the object's hot writes. workerd commits an object's SQLite writes once per
 * turn of its event loop (writes with no await between them are one implicit transaction), and
 * the output gate holds every answer until that commit. A write that waits for `turn()` runs in
 * the same turn as every other write that arrived meanwhile, so under load one commit serves
 * several requests; alone, it waits one timer tick. Measured in docs/benchmarks.md ("Group
 * commit"). Nothing is answered before its commit, so nothing acknowledged can be lost.
 */
export class CommitGroup {
  #turn: Promise<void> | undefined

  /** Resolves in the next turn; every caller until then resolves in that same turn, in order. */
  turn(): Promise<void> {
    return (this.#turn ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        this.#turn = undefined
        resolve()
      }, 0),
    ))
  }
}
