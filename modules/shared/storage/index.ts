// Picks the blob storage from configuration: an S3-compatible bucket when S3_BUCKET is set, otherwise
// local disk under DATA_DIR/blobs.

import { join } from 'node:path'
import type { Config } from '../config'
import type { BlobStorage } from './blob-storage'
import { LocalDiskStorage } from './local-disk'
import { S3Storage } from './s3'

export type { BlobStorage, LocalCopy } from './blob-storage'
export { sha256OfBlob } from './blob-storage'
export { LocalDiskStorage } from './local-disk'
export { S3Storage } from './s3'

export function createBlobStorage(config: Readonly<Config>): BlobStorage {
  if (config.s3) return new S3Storage(config.s3)
  return new LocalDiskStorage(join(config.dataDir, 'blobs'))
}
