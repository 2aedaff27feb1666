// Decompressed text of a file as a stream of byte chunks, on the main thread: plain files read in
// 1 MiB pieces into two buffers used in turn, gzip and BGZF through node:zlib createGunzip (multi-member
// safe, inflates off the JS thread in Bun), and zip archives through yauzl (the entry is streamed, never
// unpacked to disk).
// Failures become typed errors; an AbortSignal destroys the streams and ends with a cancelled error.

import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type yauzl from 'yauzl'
import { GeneticsCancelledError, GeneticsInputError } from '../errors'
import type { Compression } from '../types'
import { ioError, isGzip } from './sniff'
import { isStandardInput, standardInput } from './standard-input'
import { type Utf16Encoding, utf16ByteOrder } from './text-encoding'

export interface TextChunks {
  /**
   * The text, piece by piece. A piece stays valid until the one after the next is asked for (plain files
   * reuse two buffers); a reader copies what it keeps, as every scanner here does with its partial lines.
   */
  chunks: AsyncIterable<Uint8Array>
  /** On-disk bytes consumed so far (compressed bytes for gzip/BGZF/zip). */
  bytesRead(): number
  /**
   * Decompressed bytes read so far when they are not the text's (a BCF's binary records, decoded to
   * text on the way); absent when the text is what was decompressed.
   */
  decompressedBytes?(): number
  /** Releases the file; safe to call more than once. */
  close(): void
}

export interface OpenTextOptions {
  signal?: AbortSignal
  /** Zip entry to read (from detection); default: the first file entry that is not metadata. */
  archiveEntry?: string | null
  /** Start reading at this byte offset of the on-disk file (plain and BGZF block-aligned gzip only). */
  start?: number
}

const READ_CHUNK = 1 << 20

export async function openTextChunks(
  path: string,
  compression: Compression,
  options: OpenTextOptions = {},
): Promise<TextChunks> {
  const text = await openBytes(path, compression, options)
  // BGZF is left as it is: its segments go to the scan workers raw, so it must read the same here
  // (detection refuses it as UTF-16 then). A read from an offset starts past any byte-order mark.
  return compression === 'bgzf' || (options.start ?? 0) > 0 ? text : readableText(text)
}

/**
 * Text as the line scanners read it: UTF-8 (or Latin-1) with lines ending in LF or CRLF. Two other ways
 * people's programs save text are turned into that piece by piece; any other text passes untouched.
 * - UTF-16 with a byte-order mark (Windows PowerShell's `>`, Excel's "Unicode Text", Notepad's
 *   "Unicode") is decoded. Without a mark UTF-16 is not guessed at: detection refuses it and says what
 *   to do.
 * - Lines ending in a bare CR (the classic Mac line end, still written by Excel's "CSV (Macintosh)")
 *   get LF: otherwise the whole file is one line, and a 23andMe file one comment.
 */
function readableText(source: TextChunks): TextChunks {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const pieces = source.chunks[Symbol.asyncIterator]()
    try {
      const first = await pieces.next()
      const encoding = first.done ? null : utf16ByteOrder(first.value)
      yield* withLineFeeds(encoding === null ? replayed(first, pieces) : decoded(first, pieces, encoding))
    } finally {
      await pieces.return?.()
    }
  }
  return { chunks: chunks(), bytesRead: source.bytesRead, close: source.close }
}

async function* replayed(first: IteratorResult<Uint8Array>, rest: AsyncIterator<Uint8Array>) {
  for (let next = first; !next.done; next = await rest.next()) yield next.value
}

async function* decoded(
  first: IteratorResult<Uint8Array>,
  rest: AsyncIterator<Uint8Array>,
  encoding: Utf16Encoding,
) {
  // The decoder drops the mark and keeps a character cut between two pieces for the next one.
  const decoder = new TextDecoder(encoding)
  const encoder = new TextEncoder()
  for (let next = first; !next.done; next = await rest.next()) {
    const text = decoder.decode(next.value, { stream: true })
    if (text.length > 0) yield encoder.encode(text)
  }
  const tail = decoder.decode()
  if (tail.length > 0) yield encoder.encode(tail)
}

const LF = 10
const CR = 13

/** Pieces with bare CRs made LFs (in place) when the text's first line end is a bare CR. */
async function* withLineFeeds(pieces: AsyncIterable<Uint8Array>) {
  // Decided on the first piece holding a line end: any LF in it means LF or CRLF text.
  let bareCr: boolean | null = null
  for await (const piece of pieces) {
    if (bareCr === null) {
      if (piece.includes(LF)) bareCr = false
      else if (piece.includes(CR)) bareCr = true
    }
    if (bareCr) for (let i = piece.indexOf(CR); i >= 0; i = piece.indexOf(CR, i + 1)) piece[i] = LF
    yield piece
  }
}

async function openBytes(
  path: string,
  compression: Compression,
  options: OpenTextOptions,
): Promise<TextChunks> {
  if (options.signal?.aborted) throw new GeneticsCancelledError()
  if (compression === 'zip') return openZipEntry(path, options)
  // Standard input cannot be read at an offset: it is streamed from its first byte, like a gzip file.
  const stdin = isStandardInput(path)
  if (compression === 'none' && !stdin) return openPlain(path, options)
  const { Readable, createGunzip } = await nodeStreams()
  const file: Readable = stdin
    ? // One piece read ahead at most: the default is 16 pieces.
      Readable.from(standardInput().pieces(), { highWaterMark: 1 })
    : createReadStream(path, { highWaterMark: READ_CHUNK, start: options.start ?? 0 })
  let bytes = 0
  file.on('data', (chunk) => {
    bytes += chunk.length
  })
  const streams: Readable[] = [file]
  let output: Readable = file
  if (compression === 'gzip' || compression === 'bgzf') {
    const gunzip = createGunzip({ chunkSize: 128 * 1024 })
    file.on('error', (error) => gunzip.destroy(error))
    output = file.pipe(gunzip)
    streams.push(gunzip)
  }
  return wrap(output, streams, () => bytes, options.signal)
}

/**
 * A plain file, read into two 1 MiB buffers in turn. A stream would hand out a fresh buffer per piece,
 * and on a machine where touching new memory is dear (a page fault costs microseconds in a VM), a
 * 16 MB consumer file spent more time faulting in those buffers than scanning them.
 */
async function openPlain(path: string, options: OpenTextOptions): Promise<TextChunks> {
  const handle = await open(path, 'r').catch((error) => {
    throw streamError(error, options.signal)
  })
  const buffers = [new Uint8Array(READ_CHUNK), new Uint8Array(READ_CHUNK)]
  let position = options.start ?? 0
  let bytes = 0
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    handle.close().catch(() => {})
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for (let turn = 0; ; turn ^= 1) {
        if (options.signal?.aborted) throw new GeneticsCancelledError()
        const buffer = buffers[turn]!
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, position)
        if (bytesRead === 0) return
        position += bytesRead
        bytes += bytesRead
        yield buffer.subarray(0, bytesRead)
      }
    } catch (error) {
      throw streamError(error, options.signal)
    } finally {
      close()
    }
  }
  return { chunks: chunks(), bytesRead: () => bytes, close }
}

function wrap(
  output: Readable,
  streams: Readable[],
  bytesRead: () => number,
  signal?: AbortSignal,
  onClose?: () => void,
): TextChunks {
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    for (const s of streams) s.destroy()
    onClose?.()
  }
  const onAbort = () => {
    for (const s of streams) s.destroy(new GeneticsCancelledError())
  }
  signal?.addEventListener('abort', onAbort, { once: true })
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of output) {
        if (signal?.aborted) throw new GeneticsCancelledError()
        // Node Buffers: hand out plain views so that slice() copies, as for any Uint8Array.
        const bytes = chunk as Uint8Array
        yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      }
    } catch (error) {
      throw streamError(error, signal)
    } finally {
      signal?.removeEventListener('abort', onAbort)
      close()
    }
  }
  return { chunks: chunks(), bytesRead, close }
}

/** Maps zlib / fs / zip failures to typed errors with a message for the person who sent the file. */
export function streamError(error: unknown, signal?: AbortSignal): Error {
  if (error instanceof GeneticsCancelledError || error instanceof GeneticsInputError) return error
  if (signal?.aborted) return new GeneticsCancelledError()
  const code = (error as { code?: string })?.code ?? ''
  const message = String((error as { message?: string })?.message ?? error)
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message)) {
    return new GeneticsInputError(
      'TRUNCATED_INPUT',
      'the compressed data ends early; the file looks truncated',
    )
  }
  if (
    code.startsWith('Z_') ||
    /incorrect header|invalid (block|stored|distance|code)|data error|checksum/i.test(message)
  ) {
    return new GeneticsInputError(
      'CORRUPT_COMPRESSED_DATA',
      'the compressed data is corrupt and cannot be inflated',
    )
  }
  // yauzl checks an entry's bytes against the sizes its headers declare.
  if (/(not enough|too many) bytes in the stream/i.test(message)) {
    return new GeneticsInputError(
      'ZIP_ENTRY_INVALID',
      'the zip entry is damaged: its content does not match the size the archive declares for it',
    )
  }
  if (code.startsWith('E') && code.length > 2 && code !== 'ERR_STREAM_PREMATURE_CLOSE')
    return ioError('', error)
  return new GeneticsInputError('FILE_UNREADABLE', `could not read the file: ${message.slice(0, 200)}`)
}

/** Names of zip entries that are archive metadata, not the genotype file. */
export function isZipMetadataEntry(name: string): boolean {
  const base = name.split('/').pop() ?? name
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === ''
}

// Node's stream and zlib modules are loaded on the first compressed file or standard input: a plain
// file (every consumer export) never uses them, and loading them took 14-17 ms of a 23andMe scan's
// start-up on the project machine.
async function nodeStreams() {
  const [{ Readable, pipeline }, { createGunzip }] = await Promise.all([
    import('node:stream'),
    import('node:zlib'),
  ])
  return { Readable, pipeline, createGunzip }
}

// yauzl is loaded on the first zip, not at start-up, where every other scan would pay for it.
async function openZip(path: string): Promise<yauzl.ZipFile> {
  if (isStandardInput(path))
    throw new GeneticsInputError(
      'UNSUPPORTED_FORMAT',
      'a zip archive cannot be read from standard input (its table of contents is at its end): give the path of the .zip instead',
    )
  const { default: zipReader } = await import('yauzl')
  return new Promise((resolve, reject) => {
    zipReader.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(zipError(error))
      else resolve(zip)
    })
  })
}

function zipError(error: unknown): GeneticsInputError {
  const message = String((error as { message?: string })?.message ?? error)
  if (/end of central directory/i.test(message)) {
    return new GeneticsInputError(
      'TRUNCATED_INPUT',
      'the zip archive is truncated or damaged (no central directory)',
    )
  }
  return new GeneticsInputError(
    'ZIP_ENTRY_INVALID',
    `the zip archive cannot be read: ${message.slice(0, 200)}`,
  )
}

/** Lists the file entries of a zip archive (metadata entries excluded). */
export async function listZipEntries(path: string): Promise<{ name: string; size: number }[]> {
  const zip = await openZip(path)
  try {
    return await new Promise((resolve, reject) => {
      const names: { name: string; size: number }[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!isZipMetadataEntry(entry.fileName))
          names.push({ name: entry.fileName, size: entry.uncompressedSize })
        zip.readEntry()
      })
      zip.on('end', () => resolve(names))
      zip.on('error', (error) => reject(zipError(error)))
      zip.readEntry()
    })
  } finally {
    zip.close()
  }
}

/**
 * Largest inflated / stored size ratio of a zip entry. Genotype text deflates 4-30 times (a 23andMe
 * download about 4, a gVCF of reference blocks about 30); a run of one repeated byte reaches deflate's
 * limit of about 1,000. yauzl refuses an entry whose bytes do not match its declared sizes, so the
 * declared ratio can be trusted.
 */
const MAX_ZIP_EXPANSION = 200

async function openZipEntry(path: string, options: OpenTextOptions): Promise<TextChunks> {
  const zip = await openZip(path)
  const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      const wanted = options.archiveEntry
        ? e.fileName === options.archiveEntry
        : !isZipMetadataEntry(e.fileName)
      if (wanted) resolve(e)
      else zip.readEntry()
    })
    zip.on('end', () =>
      reject(new GeneticsInputError('ZIP_ENTRY_INVALID', 'the zip archive holds no genotype file')),
    )
    zip.on('error', (error) => reject(zipError(error)))
    zip.readEntry()
  }).catch((error) => {
    zip.close()
    throw error
  })
  if (entry.isEncrypted()) {
    zip.close()
    throw new GeneticsInputError('ZIP_ENTRY_INVALID', 'the zip entry is encrypted')
  }
  if (entry.uncompressedSize > MAX_ZIP_EXPANSION * Math.max(1, entry.compressedSize)) {
    zip.close()
    throw new GeneticsInputError(
      'ZIP_ENTRY_INVALID',
      `the zip entry would inflate ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its stored size, far beyond any genotype file: it looks like a decompression bomb`,
    )
  }
  const stream = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, s) => {
      if (error || !s) reject(zipError(error))
      else resolve(s)
    })
  }).catch((error) => {
    zip.close()
    throw error
  })
  let bytes = 0
  stream.on('data', (chunk: Uint8Array) => {
    bytes += chunk.length
  })
  const { Readable } = await nodeStreams()
  return wrap(
    Readable.from(gunzipIfCompressed(stream)),
    [stream],
    () => Math.round((bytes * entry.compressedSize) / Math.max(1, entry.uncompressedSize)),
    options.signal,
    () => zip.close(),
  )
}

/** A zip entry may itself be gzip or BGZF (a zipped .vcf.gz): inflate it when its bytes say so. */
async function* gunzipIfCompressed(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) return
  async function* all(): AsyncGenerator<Uint8Array> {
    yield first.value
    for (;;) {
      const next = await iterator.next()
      if (next.done) return
      yield next.value
    }
  }
  if (!isGzip(first.value)) {
    yield* all()
    return
  }
  const { Readable, pipeline, createGunzip } = await nodeStreams()
  const gunzip = createGunzip({ chunkSize: 128 * 1024 })
  // pipeline, not pipe: an error of the zip entry's stream destroys the gunzip with it, so it reaches
  // the loop below; and when the reader stops early (detection reads only the start of each entry),
  // the 'premature close' of the entry's stream lands in this callback instead of being raised later,
  // uncaught, by a stream nobody listens to.
  pipeline(Readable.from(all()), gunzip, () => {})
  for await (const chunk of gunzip) yield chunk as Uint8Array
}
