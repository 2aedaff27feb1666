// Blob storage in an S3-compatible bucket. Clients upload straight to the bucket with presigned
// multipart uploads (our SigV4 client, s3-multipart.ts); the service reads the object afterwards through
// Bun's built-in S3 client: its size, its first bytes, a streamed checksum, and a local copy for analysis.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { S3Settings } from '../config'
import { DependencyUnavailable } from '../dependency'
import type { BlobStorage, LocalCopy } from './blob-storage'
import { DEFAULT_PART_BYTES, type MultipartPlan, planMultipart } from './multipart-plan'
import { S3MultipartClient } from './s3-multipart'

/** AWS's default region; also what S3-compatible servers without regions accept. */
const DEFAULT_REGION = 'us-east-1'

export class S3Storage implements BlobStorage {
  readonly kind = 's3' as const
  readonly client: Bun.S3Client
  /** Multipart uploads; null without an access key pair, which signing needs. */
  readonly multipart: S3MultipartClient | null
  private readonly partBytes: number

  constructor(settings: S3Settings) {
    this.client = new Bun.S3Client({
      bucket: settings.bucket,
      endpoint: settings.endpoint ?? undefined,
      region: settings.region ?? undefined,
      accessKeyId: settings.accessKeyId ?? undefined,
      secretAccessKey: settings.secretAccessKey ?? undefined,
    })
    const region = settings.region ?? DEFAULT_REGION
    this.multipart =
      settings.accessKeyId && settings.secretAccessKey
        ? new S3MultipartClient({
            endpoint: settings.endpoint ?? `https://s3.${region}.amazonaws.com`,
            bucket: settings.bucket,
            signing: {
              region,
              credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
            },
          })
        : null
    this.partBytes = settings.partSizeBytes ?? DEFAULT_PART_BYTES
  }

  /** How a file of this size is cut into parts on this bucket. */
  planParts(sizeBytes: number): MultipartPlan {
    return planMultipart(sizeBytes, this.partBytes)
  }

  /** A URL that lets its holder PUT this one object until it expires. */
  presignPut(key: string, options: { expiresInSeconds: number; contentType: string }): string {
    return this.client.presign(key, {
      method: 'PUT',
      expiresIn: options.expiresInSeconds,
      type: options.contentType,
    })
  }

  /** Listing one key proves the endpoint answers and the credentials are accepted, without writing. */
  async check(): Promise<void> {
    try {
      await this.client.list({ maxKeys: 1 })
    } catch (error) {
      throw new DependencyUnavailable('storage', error)
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await this.client.file(key).stat()).size
    } catch {
      return null
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const size = await this.size(key)
    if (!size) return new Uint8Array(0)
    return new Uint8Array(await this.client.file(key).slice(0, Math.min(length, size)).arrayBuffer())
  }

  stream(key: string): ReadableStream<Uint8Array> {
    return this.client.file(key).stream()
  }

  async localCopy(key: string): Promise<LocalCopy> {
    const dir = mkdtempSync(join(tmpdir(), 'wds-blob-'))
    const path = join(dir, 'blob')
    await Bun.write(path, this.client.file(key))
    return { path, release: async () => rmSync(dir, { recursive: true, force: true }) }
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.write(key, bytes)
  }

  async delete(key: string): Promise<void> {
    await this.client.delete(key).catch(() => {})
  }
}
