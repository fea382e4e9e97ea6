/**
 * Where this device keeps the last message seq it has seen per room, in localStorage
 * (web/features/chat/read-state.ts): only sequence numbers, nothing private. The Worker's drawing
 * of a room reads it too, to draw the unread line where the SPA will (worker/first-paint/).
 */
export const READ_MARKS_KEY = 'kathelia-read'
