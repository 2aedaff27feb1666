// Reads a tabix (.tbi) or CSI (.csi) index just far enough to know, for every reference sequence,
// the compressed offset of the first BGZF block holding its records. The merge join uses it to
// start streaming the reference at the input's chromosome instead of at the top of the file.

import { readFile } from 'node:fs/promises'
import { GeneticsInputError } from '../errors'

export interface IndexOffsets {
  /** Sequence names in index order. */
  names: string[]
  /** First record of each sequence: compressed offset of its BGZF block, and offset in the block's text. */
  firstBlock: Map<string, { block: number; within: number }>
}

const invalid = (why: string) =>
  new GeneticsInputError('DBSNP_REFERENCE_INVALID', `the dbSNP index is unreadable: ${why}`)

export async function readIndexOffsets(indexPath: string): Promise<IndexOffsets> {
  // node:zlib is loaded here, by the merge join, not by every scan that imports this file.
  const { gunzipSync } = await import('node:zlib')
  let bytes: Uint8Array
  try {
    bytes = gunzipSync(await readFile(indexPath))
  } catch {
    throw invalid('not a BGZF-compressed .tbi/.csi file')
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2])
  try {
    if (magic === 'TBI' && bytes[3] === 1) return parseTbi(bytes, view)
    if (magic === 'CSI' && bytes[3] === 1) return parseCsi(bytes, view)
  } catch (error) {
    if (error instanceof GeneticsInputError) throw error
    throw invalid('the index ends early')
  }
  throw invalid('unknown index magic')
}

function readNames(bytes: Uint8Array, start: number, length: number): string[] {
  const text = new TextDecoder().decode(bytes.subarray(start, start + length))
  return text.split('\0').filter((n) => n.length > 0)
}

/** Virtual offset (u64 little-endian) as one comparable number: block offset * 65536 + in-block offset. */
function virtualOffset(view: DataView, at: number): number {
  const low = view.getUint32(at, true)
  const high = view.getUint32(at + 4, true)
  return high * 4294967296 + low
}

function split(virtual: number): { block: number; within: number } {
  return { block: Math.floor(virtual / 65536), within: virtual % 65536 }
}

function parseTbi(bytes: Uint8Array, view: DataView): IndexOffsets {
  const nRef = view.getInt32(4, true)
  const nameLength = view.getInt32(32, true)
  const names = readNames(bytes, 36, nameLength)
  if (names.length !== nRef) throw invalid('sequence name count does not match')
  let p = 36 + nameLength
  const firstBlock = new Map<string, { block: number; within: number }>()
  for (let r = 0; r < nRef; r++) {
    const nBin = view.getInt32(p, true)
    p += 4
    let min = Number.POSITIVE_INFINITY
    for (let b = 0; b < nBin; b++) {
      const bin = view.getUint32(p, true)
      const nChunk = view.getInt32(p + 4, true)
      p += 8
      for (let c = 0; c < nChunk; c++) {
        // Bin 37450 is the pseudo-bin holding statistics, not data chunks.
        if (bin !== 37450) min = Math.min(min, virtualOffset(view, p))
        p += 16
      }
    }
    const nIntv = view.getInt32(p, true)
    p += 4 + nIntv * 8
    if (Number.isFinite(min)) firstBlock.set(names[r], split(min))
  }
  return { names, firstBlock }
}

function parseCsi(bytes: Uint8Array, view: DataView): IndexOffsets {
  const depth = view.getInt32(8, true)
  const auxLength = view.getInt32(12, true)
  const aux = 16
  let names: string[] = []
  if (auxLength >= 28) {
    const nameLength = view.getInt32(aux + 24, true)
    names = readNames(bytes, aux + 28, nameLength)
  }
  let p = aux + auxLength
  const nRef = view.getInt32(p, true)
  p += 4
  const pseudoBin = (((1 << ((depth + 1) * 3)) - 1) / 7 + 1) >>> 0
  const firstBlock = new Map<string, { block: number; within: number }>()
  for (let r = 0; r < nRef; r++) {
    const nBin = view.getInt32(p, true)
    p += 4
    let min = Number.POSITIVE_INFINITY
    for (let b = 0; b < nBin; b++) {
      const bin = view.getUint32(p, true)
      const nChunk = view.getInt32(p + 12, true)
      p += 16
      for (let c = 0; c < nChunk; c++) {
        if (bin !== pseudoBin) min = Math.min(min, virtualOffset(view, p))
        p += 16
      }
    }
    const name = names[r] ?? String(r)
    if (Number.isFinite(min)) firstBlock.set(name, split(min))
  }
  return { names, firstBlock }
}
