import type { FileRecord } from '../storage/records'

/** Appwrite's `file` model (1.9.x, plus folder/key/sizeActual of newer servers and SDK 27). */
export function fileModel(f: FileRecord) {
  return {
    $id: f.id,
    bucketId: f.bucket_id,
    $createdAt: f.created_at,
    $updatedAt: f.updated_at,
    $permissions: JSON.parse(f.permissions) as string[],
    name: f.name,
    // No virtual folders here: every file is at the bucket root.
    folder: '',
    key: f.name,
    signature: f.signature,
    mimeType: f.mime_type,
    sizeOriginal: f.size,
    sizeActual: f.size,
    chunksTotal: f.chunks_total,
    chunksUploaded: f.chunks_uploaded,
    encryption: false,
    compression: 'none',
  }
}

export type FileModel = ReturnType<typeof fileModel>
