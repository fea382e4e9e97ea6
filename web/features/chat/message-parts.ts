import { preloadable } from '../../lib/preloadable'

// What a message needs only once someone acts on it or a link preview comes back: chunks of their
// own (vite.config.ts keeps them out of the signed-in group), asked for once the room is idle, so
// the room's first render does not wait for them and a later click does not either.
export const MessageParts = {
  Editor: preloadable(() => import('./message-editor-form')),
  MenuPanel: preloadable(() => import('./message-menu-panel')),
  ImageViewer: preloadable(() => import('./image-viewer')),
  VoiceNote: preloadable(async () => ({ default: (await loadVoice()).VoiceNote })),
  VoiceRecorder: preloadable(async () => ({ default: (await loadVoice()).VoiceRecorder })),
  LinkPreview: preloadable(() => import('./link-preview')),
  ReactionPicker: preloadable(() => import('./reaction-picker')),
  // A link the lookup flagged.
  UnsafeLink: preloadable(() => import('./unsafe-link')),
  // Not a message's, but as seldom wanted: the line over a search's results, the composer's GIF
  // and emoji buttons (GIFs only where search is configured), the admin's room options, a staged
  // file.
  SearchNote: preloadable(() => import('./search-note')),
  GifButton: preloadable(() => import('./gif-button')),
  EmojiButton: preloadable(() => import('../emoji/emoji-button')),
  RoomOptionsButton: preloadable(() => import('../rooms/room-options-button')),
  // The room's pinned messages, over its list (none: nothing).
  PinnedBar: preloadable(() => import('./pinned-bar')),
  // Over the composer while answering a message.
  QuoteBar: preloadable(() => import('./quote-bar')),
  // The composer's file, once one is picked.
  StagedFiles: preloadable(() => import('./staged-file')),
  // Its picture in the bubble while it uploads.
  PendingPhoto: preloadable(async () => ({
    default: (await import('./staged-file')).PendingPhoto,
  })),
}

/** Voice messages' player, recorder and measuring (web/features/chat/voice-parts.ts). */
export const loadVoice = () => import('./voice-parts')

/** The message log's keys (web/features/chat/log-keys.ts), started once the room has settled. */
export const loadLogKeys = () => import('./log-keys')

/** The Bookmark action's writes (with their once-only save), needed at its first click. */
export const loadBookmarkWrite = () => import('../bookmarks/bookmark-write')
/** The message menu's Bookmark and Remove bookmark, with their notices. */
export const loadMessageBookmarks = () => import('../bookmarks/save-message')
/** The menu's edit, delete and reaction calls, and ArrowUp's edit of the last message sent. */
export const loadMessageOps = () => import('./message-ops')
/** What a message event does beyond the room's pages: delivery reports, pins. */
export const loadEventExtras = () => import('./message-event-extras')
/** A message's file on its way: its upload, thumbnail and guard against leaving the page. */
export const loadUploads = () => import('./upload-run')

export function preloadMessageParts() {
  for (const part of Object.values(MessageParts)) void part.preload().catch(() => undefined)
  void loadBookmarkWrite().catch(() => undefined)
  void loadMessageBookmarks().catch(() => undefined)
  void loadMessageOps().catch(() => undefined)
  void loadUploads().catch(() => undefined)
}
