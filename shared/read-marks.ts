/**
 * Where this device keeps the last message seq each user has seen per room, in localStorage
 * (web/features/chat/read-state.ts): only sequence numbers, nothing private. One key per user: on
 * a browser two people share, one's reading must not hide the other's unread messages. The
 * Worker's drawing of a room reads it too, to draw the unread line where the SPA will
 * (worker/first-paint/).
 */
export const readMarksKey = (userId: string) => `kathelia-read:${userId}`
