/** Where reactions made without a connection wait, per user (reaction-queue.ts). */
export const reactionQueueKey = (meId: string) => `kathelia-reactions:${meId}`

/** Whether any wait: the room loads their sender only then. */
export function hasQueuedReactions(meId: string) {
  try {
    return !!localStorage.getItem(reactionQueueKey(meId))
  } catch {
    return false
  }
}
