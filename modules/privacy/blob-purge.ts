// Removes a user's stored files: every blob a row of theirs points at (any `blob_key` column), every
// S3 multipart upload still open beside those keys (parts sitting in the bucket are data too), and on
// local disk the folders the keys made, whose names carry the user's ids.

import { readdirSync, rmdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { AppContext } from '../shared/context'
import { LocalDiskStorage, S3Storage } from '../shared/storage'

export interface StoredFile {
  blob_key: string
  multipart_upload_id?: string | null
}

export interface BlobPurgeCount {
  blobs: number
  multipart_uploads_aborted: number
}

/** Folders of the keys: the prefixes under which open multipart uploads are looked for. */
const prefixesOf = (files: StoredFile[]) => [...new Set(files.map((f) => `${dirname(f.blob_key)}/`))]

export async function purgeBlobs(app: AppContext, files: StoredFile[]): Promise<BlobPurgeCount> {
  const count: BlobPurgeCount = { blobs: 0, multipart_uploads_aborted: 0 }
  const storage = app.storage
  if (storage instanceof S3Storage && storage.multipart) {
    const open = new Map<string, string>()
    for (const f of files) if (f.multipart_upload_id) open.set(f.multipart_upload_id, f.blob_key)
    for (const prefix of prefixesOf(files))
      for (const upload of await storage.multipart.listUploads(prefix)) open.set(upload.uploadId, upload.key)
    for (const [uploadId, key] of open) {
      await storage.multipart.abort(key, uploadId)
      count.multipart_uploads_aborted++
    }
  }
  for (const f of files) {
    if ((await storage.size(f.blob_key)) !== null) count.blobs++
    await storage.delete(f.blob_key)
  }
  if (storage instanceof LocalDiskStorage) for (const f of files) pruneEmptyFolders(storage.root, f.blob_key)
  return count
}

/** Remove the key's now-empty parent folders up to (not including) the storage root. */
function pruneEmptyFolders(root: string, key: string) {
  let folder = dirname(join(root, key))
  while (relative(root, folder) && !relative(root, folder).startsWith('..')) {
    try {
      if (readdirSync(folder).length > 0) return
      rmdirSync(folder)
    } catch {
      return
    }
    folder = dirname(folder)
  }
}
