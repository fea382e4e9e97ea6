import { createElement, type ComponentType } from 'react'
import { preloadable } from '../../lib/preloadable'

// What a message needs only once someone acts on it or a link preview comes back: chunks of their
// own (vite.config.ts keeps them out of the signed-in group), asked for once the room is idle, so
// the room's first render does not wait for them and a later click does not either. One whose
// chunk did not come (offline before it was fetched, a network error) is left out of the room,
// which works on without it, until the next preload brings it: the room is not replaced by the
// route's error page. A flagged link stays its inert text.
const part = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  preloadable(load, true)

export const MessageParts = {
  Editor: part(() => import('./message-editor-form')),
  MenuPanel: part(() => import('./message-menu-panel')),
  ImageViewer: part(() => import('./image-viewer')),
  VoiceNote: part(async () => ({ default: (await loadVoice()).VoiceNote })),
  VoiceRecorder: part(async () => ({ default: (await loadVoice()).VoiceRecorder })),
  LinkPreview: part(() => import('./link-preview')),
  ReactionPicker: part(() => import('./reaction-picker')),
  // A link the lookup flagged.
  UnsafeLink: preloadable(
    () => import('./unsafe-link'),
    ({ text }) => createElement('span', { className: 'msg-link unsafe' }, text),
  ),
  // Not a message's, but as seldom wanted: the line over a search's results, the composer's GIF
  // and emoji buttons (GIFs only where search is configured), the admin's room options, a staged
  // file.
  SearchNote: part(() => import('./search-note')),
  GifButton: part(() => import('./gif-button')),
  EmojiButton: part(() => import('../emoji/emoji-button')),
  RoomOptionsButton: part(() => import('../rooms/room-options-button')),
  // The room's pinned messages, over its list (none: nothing).
  PinnedBar: part(() => import('./pinned-bar')),
  // Over the composer while answering a message.
  QuoteBar: part(() => import('./quote-bar')),
  // The composer's file, once one is picked.
  StagedFiles: part(() => import('./staged-file')),
  // Its picture in the bubble while it uploads.
  PendingPhoto: part(async () => ({
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
