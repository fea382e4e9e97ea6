// Voice messages, one chunk (web/features/chat/message-parts.ts): the player, the recorder and
// the measuring of a sound file before its upload, none of them needed for a room's first paint.
export { default as VoiceNote } from './voice-note'
export { default as VoiceRecorder } from './voice-recorder'
export { measureAudio } from '../media/audio-measure'
