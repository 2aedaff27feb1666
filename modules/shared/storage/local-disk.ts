// Blob storage on local disk (DATA_DIR/blobs): the embedded default. Uploads are written straight from
// the request stream to the file at the offset the client names, so a large file never sits in memory
// and an interrupted upload resumes from the bytes already stored.

import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { DependencyUnavailable } from '../dependency'
import type { BlobStorage, LocalCopy } from './blob-storage'

export interface WriteOutcome {
  /** Bytes now stored (offset + what arrived). */
  size: number
  /** The stream carried more than `limit` allows; the file was cut at the limit. */
  overLimit: boolean
  /** The stream failed before its end (the client went away); what arrived is kept. */
  interrupted: boolean
}

export class LocalDiskStorage implements BlobStorage {
  readonly kind = 'local' as const
  readonly root: string

  constructor(root: string) {
    this.root = resolve(root)
    mkdirSync(this.root, { recursive: true })
  }

  /** Keys are our own ids joined with '/'; anything that could climb out of the root is refused. */
  pathOf(key: string): string {
    if (!/^[a-z0-9_/.-]+$/i.test(key) || key.split('/').some((part) => part === '..' || part === ''))
      throw new Error(`invalid blob key ${key}`)
    return join(this.root, key)
  }

  async check(): Promise<void> {
    try {
      mkdirSync(this.root, { recursive: true })
      accessSync(this.root, constants.W_OK)
    } catch (error) {
      throw new DependencyUnavailable('storage', error)
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return statSync(this.pathOf(key)).size
    } catch {
      return null
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const file = Bun.file(this.pathOf(key))
    return new Uint8Array(await file.slice(0, length).arrayBuffer())
  }

  stream(key: string): ReadableStream<Uint8Array> {
    return Bun.file(this.pathOf(key)).stream()
  }

  async localCopy(key: string): Promise<LocalCopy> {
    return { path: this.pathOf(key), release: async () => {} }
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key)
    mkdirSync(dirname(path), { recursive: true })
    await Bun.write(path, bytes)
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  /** Write one chunk at a position; its own method so that fault tests can fail it (a full disk). */
  protected async writeChunk(
    handle: Awaited<ReturnType<typeof open>>,
    chunk: Uint8Array,
    position: number,
  ): Promise<void> {
    await handle.write(chunk, 0, chunk.byteLength, position)
  }

  /**
   * Write a stream into the blob starting at `offset` (bytes after it are dropped first, so a resent
   * part replaces what was there). Stops at `limit` total bytes and reports it. When the disk refuses a
   * write (full, read-only, failing), this part is undone, leaving the blob as it was before the call (a
   * new blob is removed), and DependencyUnavailable('storage') is thrown: the caller answers 503.
   */
  async writeAt(
    key: string,
    offset: number,
    body: ReadableStream<Uint8Array> | null,
    limit: number,
  ): Promise<WriteOutcome> {
    const path = this.pathOf(key)
    mkdirSync(dirname(path), { recursive: true })
    const current = (await this.size(key)) ?? 0
    if (offset > current) throw new Error('offset beyond stored bytes')
    const created = current === 0 && offset === 0
    const handle = await open(path, created ? 'w' : 'r+')
    let position = offset
    let overLimit = false
    let interrupted = false
    let refused: unknown = null
    try {
      await handle.truncate(offset)
      if (body) {
        const reader = body.getReader()
        for (;;) {
          let read: Awaited<ReturnType<typeof reader.read>>
          try {
            read = await reader.read()
          } catch {
            // The client went away mid-part: keep what arrived, so the upload can resume from here.
            interrupted = true
            break
          }
          if (read.done) break
          let chunk = read.value
          if (position + chunk.byteLength > limit) {
            chunk = chunk.subarray(0, Math.max(0, limit - position))
            overLimit = true
          }
          if (chunk.byteLength > 0) {
            try {
              await this.writeChunk(handle, chunk, position)
            } catch (error) {
              refused = error
              await reader.cancel().catch(() => {})
              break
            }
            position += chunk.byteLength
          }
          if (overLimit) {
            await reader.cancel().catch(() => {})
            break
          }
        }
      }
      // The disk refused a write: none of this part is kept (a new blob not at all).
      if (refused) await handle.truncate(offset).catch(() => {})
    } finally {
      await handle.close()
    }
    if (refused) {
      if (created) await rm(path, { force: true }).catch(() => {})
      throw new DependencyUnavailable('storage', refused)
    }
    return { size: position, overLimit, interrupted }
  }
}
