// A BCF's decompressed bytes in, its VCF text out, piece by piece: the magic (BCF 2.1 or 2.2), the
// header text, then one line per record. The reader's text path (detection, validation, the byte
// scanner, target hits) then reads a BCF exactly as the VCF `bcftools view` would print from it.
// Memory stays bounded: a record that straddles two input pieces is gathered in one carry buffer sized
// to that record, and the text goes out through the writer's two buffers.
// Written here rather than taken from a library because there is none to take: the npm registry has no
// `@gmod/bcf` (GMOD publishes @gmod/vcf and @gmod/tabix, which we use, but no BCF reader) and no other
// maintained BCF2 reader (genetics-core/README.md, "BCF").

import { GeneticsInputError } from '../errors'
import { type BcfHeader, parseBcfHeader } from './bcf-header'
import { BCF_TO_VCF_COMMAND, corruptHeader, corruptRecord, truncatedBcf } from './bcf-problems'
import { BcfRecordDecoder } from './bcf-record'
import { TextWriter } from './text-writer'

/** Magic and header length: 'BCF', major 2, minor 1 or 2, then l_text. */
export const PREAMBLE_BYTES = 9
/** Largest header text taken; real ones (thousands of contigs and annotations) are a few MB. */
const MAX_HEADER_BYTES = 256 << 20
/** Largest record taken (l_shared + l_indiv); its text must fit the scanner's 16 MiB line anyway. */
const MAX_RECORD_BYTES = 64 << 20
/** Text gathered before a piece is handed on, when an input piece holds little. */
const PIECE_BYTES = 256 << 10

/** The VCF text of a BCF whose decompressed bytes arrive in `chunks`. */
export async function* bcfToVcfText(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const out = new TextWriter()
  let decoder: BcfRecordDecoder | null = null
  let records = 0
  // Bytes of the unit (preamble + header, or one record) that began in an earlier piece.
  let carry = new Uint8Array(1 << 16)
  let carryView = new DataView(carry.buffer)
  let carryLength = 0

  /** Total bytes of the unit starting at `at`, or -1 while fewer bytes than its length prefix are in. */
  const unitBytes = (bytes: Uint8Array, view: DataView, at: number, available: number): number =>
    decoder === null
      ? headerUnitBytes(bytes, view, at, available)
      : recordUnitBytes(view, at, available, records + 1)

  const decodeUnit = (bytes: Uint8Array, view: DataView, at: number, length: number): void => {
    if (decoder === null) {
      const header = readHeader(bytes.subarray(at + PREAMBLE_BYTES, at + length))
      out.utf8(header.vcfText)
      decoder = new BcfRecordDecoder(header)
      return
    }
    records++
    const before = out.length
    try {
      decoder.decode(bytes, view, at, records, out)
    } catch (error) {
      // The damaged record's partial line goes; the lines before it are still read (below).
      out.length = before
      throw error
    }
  }

  // The carry grows with the bytes that arrive, never to the size a length prefix claims: a damaged
  // prefix in a small file would otherwise take up to MAX_HEADER_BYTES at once.
  const keep = (bytes: Uint8Array, start: number, end: number): void => {
    if (carryLength + (end - start) > carry.length) {
      const grown = new Uint8Array(Math.max(carryLength + (end - start), carry.length * 2))
      grown.set(carry.subarray(0, carryLength))
      carry = grown
      carryView = new DataView(carry.buffer)
    }
    carry.set(bytes.subarray(start, end), carryLength)
    carryLength += end - start
  }

  for await (const chunk of chunks) {
    try {
      readPiece(chunk)
    } catch (error) {
      // The records before a damaged one are read first: one of their lines may hold an earlier
      // problem, which the reader must name before this one (as the scan workers do).
      if (out.length > 0) yield out.take()
      throw error
    }
    if (out.length >= PIECE_BYTES) yield out.take()
  }
  if (decoder === null) {
    if (carryLength === 0) throw new GeneticsInputError('EMPTY_FILE', 'the BCF holds no bytes')
    throw truncatedBcf('inside its header')
  }
  if (out.length > 0) yield out.take()
  if (carryLength > 0) throw truncatedBcf(`inside record ${records + 1}`)

  function readPiece(chunk: Uint8Array): void {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let offset = 0
    // First the unit begun in an earlier piece: its length prefix, then the rest of it.
    while (carryLength > 0 && offset < chunk.length) {
      let size = unitBytes(carry, carryView, 0, carryLength)
      const wanted = size < 0 ? (decoder === null ? PREAMBLE_BYTES : 8) : size
      const take = Math.min(wanted - carryLength, chunk.length - offset)
      keep(chunk, offset, offset + take)
      offset += take
      if (size < 0) size = unitBytes(carry, carryView, 0, carryLength)
      if (size >= 0 && carryLength >= size) {
        decodeUnit(carry, carryView, 0, size)
        carryLength = 0
      }
    }
    // Then the units that lie whole within this piece.
    while (carryLength === 0) {
      const size = unitBytes(chunk, view, offset, chunk.length - offset)
      if (size < 0 || offset + size > chunk.length) break
      decodeUnit(chunk, view, offset, size)
      offset += size
    }
    if (offset < chunk.length) keep(chunk, offset, chunk.length)
  }
}

/**
 * Bytes of the magic, header length and header text starting at `at`, or -1 while fewer bytes than the
 * length prefix are in. The one-thread decoder and the record chunker both size the header so, and a
 * damaged one ends in the same error on either path.
 */
export function headerUnitBytes(bytes: Uint8Array, view: DataView, at: number, available: number): number {
  if (available >= 5) checkMagic(bytes, at)
  if (available < PREAMBLE_BYTES) return -1
  const textBytes = view.getUint32(at + 5, true)
  if (textBytes > MAX_HEADER_BYTES)
    throw corruptHeader(`claims ${textBytes} bytes of text, beyond any real header`)
  return PREAMBLE_BYTES + textBytes
}

/**
 * Bytes of record number `record` starting at `at` (its two lengths and what they claim), or -1 while
 * fewer than its 8 length bytes are in; lengths past any real record are refused before anything is read.
 */
export function recordUnitBytes(view: DataView, at: number, available: number, record: number): number {
  if (available < 8) return -1
  const total = 8 + view.getUint32(at, true) + view.getUint32(at + 4, true)
  if (total - 8 > MAX_RECORD_BYTES) {
    throw corruptRecord(record, `its lengths claim ${total - 8} bytes, beyond any real record`)
  }
  return total
}

/** 'BCF', major version 2, minor 1 or 2; anything else is named and refused. */
function checkMagic(bytes: Uint8Array, at: number): void {
  if (bytes[at] !== 0x42 || bytes[at + 1] !== 0x43 || bytes[at + 2] !== 0x46)
    throw new GeneticsInputError('UNRECOGNISED_FORMAT', 'the file does not start with the BCF magic')
  const major = bytes[at + 3]
  const minor = bytes[at + 4]
  if (major === 2 && (minor === 1 || minor === 2)) return
  const version = major === 4 ? '1 (samtools 0.1)' : `${major}.${minor}`
  throw new GeneticsInputError(
    'UNSUPPORTED_FORMAT',
    `BCF version ${version} is not supported (BCF 2.1 and 2.2 are read); if bcftools reads it, convert it with ${BCF_TO_VCF_COMMAND}`,
  )
}

function readHeader(text: Uint8Array): BcfHeader {
  return parseBcfHeader(bcfHeaderText(text))
}

/** The header's text, which ends at its NUL terminator (htslib stops there too). */
export function bcfHeaderText(text: Uint8Array): string {
  const nul = text.indexOf(0)
  return new TextDecoder('utf-8').decode(nul < 0 ? text : text.subarray(0, nul))
}
