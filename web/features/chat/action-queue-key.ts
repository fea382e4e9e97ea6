/** Where a user's edits, deletes and reactions made without a connection wait (action-queue.ts). */
export const actionQueueKey = (meId: string) => `kathelia-actions:${meId}`
/** Where reactions alone waited before edits and deletes could; read once, then left empty. */
export const legacyReactionKey = (meId: string) => `kathelia-reactions:${meId}`

/** Whether any wait: the room loads their sender only then. */
export function hasQueuedActions(meId: string) {
  try {
    return !!(
      localStorage.getItem(actionQueueKey(meId)) ?? localStorage.getItem(legacyReactionKey(meId))
    )
  } catch {
    return false
  }
}
