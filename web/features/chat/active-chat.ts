// Which room is on screen and whether its newest message is in view; realtime handlers read
// it to decide between "read" and "unread" without subscribing to React state.
// Its jump (room-provider.tsx) serves the document's listeners too (row-press.ts).
export const activeChat = {
  roomId: null as string | null,
  atBottom: true,
  jumpTo: null as ((messageId: string) => void) | null,
}
