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
export {
  DEFAULT_PART_BYTES,
  type MultipartPlan,
  partSpan,
  planMultipart,
  S3_MAX_OBJECT_BYTES,
  S3_MAX_PARTS,
  S3_MIN_PART_BYTES,
} from './multipart-plan'
export { S3Storage } from './s3'
export {
  normalizeEtag,
  type OpenMultipartUpload,
  S3MultipartClient,
  S3RequestError,
  type UploadedPart,
} from './s3-multipart'
export { MAX_PRESIGN_SECONDS, presignUrl, type S3Credentials, signedHeaders } from './sigv4'

export function createBlobStorage(config: Readonly<Config>): BlobStorage {
  if (config.s3) return new S3Storage(config.s3)
  return new LocalDiskStorage(join(config.dataDir, 'blobs'))
}
