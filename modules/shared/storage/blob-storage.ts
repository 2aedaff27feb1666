// Blob storage: where uploaded files live until (and while) they are analysed. One interface, two
// implementations: local disk under DATA_DIR/blobs (the embedded default, upload URLs served by this
// service) and an S3-compatible bucket (presigned PUT URLs, Bun's built-in S3 client).

export interface LocalCopy {
  /** A file on this machine holding the blob's bytes. */
  path: string
  /** Remove the copy if one was made (a no-op for local disk, where the blob itself is the file). */
  release(): Promise<void>
}

export interface BlobStorage {
  readonly kind: 'local' | 's3'
  /** Bytes stored under the key, or null when nothing is stored there. */
  size(key: string): Promise<number | null>
  /** The first `length` bytes (fewer for a shorter blob); for detecting content. */
  head(key: string, length: number): Promise<Uint8Array>
  /** The whole blob as a stream, for checksums. */
  stream(key: string): ReadableStream<Uint8Array>
  /** A local file with the blob's bytes, for readers that need a path (the genetics core). */
  localCopy(key: string): Promise<LocalCopy>
  /** Store bytes under a key in one go (small files, tests). */
  put(key: string, bytes: Uint8Array): Promise<void>
  delete(key: string): Promise<void>
  /** Throw DependencyUnavailable('storage') unless the store can be reached and written now (readiness). */
  check(): Promise<void>
}

/** SHA-256 (hex) of a blob, read as a stream so memory stays flat whatever its size. */
export async function sha256OfBlob(storage: BlobStorage, key: string): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256')
  const reader = storage.stream(key).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    hasher.update(value)
  }
  return hasher.digest('hex')
}
