// Mime types by extension, for parts sent without a useful type: the SDKs' chunk slices carry
// none (new File([blob], name)) and node-appwrite's InputFile none at all.
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  zip: 'application/zip',
  gz: 'application/gzip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

const GENERIC = 'application/octet-stream'

/** The part's own type when it has a specific one, else by the name's extension. */
export function mimeTypeOf(partType: string, name: string): string {
  const type = partType.split(';')[0].trim().toLowerCase()
  if (type && type !== GENERIC && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type)) return type
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase()
  return (ext && BY_EXTENSION[ext]) || GENERIC
}

// The /v1 file URLs share the SPA's origin, so an uploaded HTML or SVG document opened there
// could script the app. Only passive types render inline; everything else is a download.
const PASSIVE = /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon)|video\/[\w.+-]+|audio\/[\w.+-]+)$/

export const isPassive = (mime: string) =>
  PASSIVE.test(mime) || mime === 'text/plain' || mime === 'application/pdf'
export const isImage = (mime: string) => mime.startsWith('image/')
