import type { Edge } from '../context'
import { fileModel } from '../models/file'
import type { Bucket } from './permissions'
import { fileReaders } from './permissions'
import type { FileRecord } from './records'

type FileAction = 'create' | 'update' | 'delete'

/** Event names as Appwrite's generateEvents builds them: ids and `*`, with and without action. */
export function fileEventNames(bucketId: string, fileId: string, action: FileAction): string[] {
  const names: string[] = []
  for (const suffix of [`.${action}`, '']) {
    for (const b of [bucketId, '*'])
      for (const f of [fileId, '*']) names.push(`buckets.${b}.files.${f}${suffix}`)
  }
  names.push(`buckets.${bucketId}`, 'buckets.*')
  return names
}

/** Channels of a file event (§6.4): each also with the action suffix. */
export function fileChannels(bucketId: string, fileId: string, action: FileAction): string[] {
  const base = ['files', `buckets.${bucketId}.files`, `buckets.${bucketId}.files.${fileId}`]
  return [...base, ...base.map((c) => `${c}.${action}`)]
}

export function publishFile(edge: Edge, bucket: Bucket, file: FileRecord, action: FileAction) {
  edge.publish({
    events: fileEventNames(bucket.id, file.id, action),
    channels: fileChannels(bucket.id, file.id, action),
    roles: fileReaders(bucket, JSON.parse(file.permissions) as string[]),
    payload: fileModel(file),
  })
}
