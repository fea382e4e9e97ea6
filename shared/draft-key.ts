/**
 * Where a room's unsent composer text lives in localStorage (web/features/chat/drafts.ts), which
 * the Worker's drawing of the room also fills its composer from (worker/first-paint/).
 */
export const DRAFT_PREFIX = 'kathelia-draft'
export const draftKey = (userId: string, roomId: string, prefix = DRAFT_PREFIX) =>
  `${prefix}:${userId}:${roomId}`
