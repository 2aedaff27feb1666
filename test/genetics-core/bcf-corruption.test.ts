// A seeded corruption sweep of the BCF decoder: every fixture's BCF, inflated and written back
// uncompressed (so the damage reaches the decoder, not the gzip layer), is damaged in a few dozen ways
// drawn from a fixed seed (bytes flipped in the header length and text, in l_shared/l_indiv, in the
// fixed site fields, in typed-value descriptors, dictionary indices and GT values; lengths set to
// 0xFFFFFFFF; cut at random offsets; a record or part of one dropped or doubled), and each variant is
// run through analyzeGeneticsSource as an HTTP upload is. It must resolve or reject with a typed
// genetics error: never a RangeError or TypeError, never a hang. The same seed gives the same variants
// on every machine, so a failure names a variant (its index and damage) that replays exactly.
// Each variant is also decoded alone, in one piece and in pieces of 1-300 bytes: same text or error;
// every third, its damaged records moved past the 2,000 that detection decodes itself, is also
// BGZF-compressed and read on the scan workers: the same result or error as one thread.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { createSeededRandom } from '../../genetics-core/ancestry/seeded-random'
import { parseBcfHeader } from '../../genetics-core/bcf/bcf-header'
import { bcfToVcfText } from '../../genetics-core/bcf/bcf-to-vcf-text'
import {
  analyzeGeneticsSource,
  ancestryTargets,
  catalogTargets,
  isGeneticsError,
  scanSource,
} from '../../genetics-core/index'
import { bgzf } from './support/bgzf'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const FIXTURES = [
  'synthetic_variants_grch37',
  'synthetic_haplotypecaller_grch37.g',
  'synthetic_trio_grch37',
  'kidd.aisnp.1kg.train',
  'na12878_chr21_head4000',
  'y-chrom-haploid',
  'fill-tags-hemi',
  'test-genotypes',
  'norm.phased-split',
  'deepvariant',
  'dragen.g',
  'strelka2.genome',
  'vcf_file',
]
/** Variants per fixture; the two large fixtures (1,252 samples; 4,000 records) get fewer. */
const VARIANTS = 30
const LARGE_VARIANTS = 12
const LARGE = new Set(['kidd.aisnp.1kg.train', 'na12878_chr21_head4000'])
const SEED = 0xbcf2
/** The hang guard: a variant must settle well within it (they take milliseconds). */
const GUARD_MS = 10_000

/** The codes a damaged BCF may end in. */
const EXPECTED_CODES = new Set([
  'BAD_RECORD',
  'TRUNCATED_INPUT',
  'BAD_HEADER',
  'MISSING_HEADER',
  'EMPTY_FILE',
  'UNRECOGNISED_FORMAT',
  'UNSUPPORTED_FORMAT',
  'NO_RECORDS',
  'NO_SAMPLES',
  'COLUMN_COUNT',
  'BAD_POSITION',
  'LINE_TOO_LONG',
  'SOMATIC_CALLS',
  'UNKNOWN_SAMPLE',
])

/** Where the parts of one record lie in the BCF's bytes. */
interface RecordLayout {
  start: number
  end: number
  /** Offsets of the fixed site fields (CHROM .. n_fmt/n_sample). */
  site: number
  descriptors: number[]
  dictionary: number[]
  gt: number[]
}

interface Layout {
  headerEnd: number
  records: RecordLayout[]
}

const TYPE_BYTES = [0, 1, 2, 4, 0, 4, 0, 1]

/** Walks an undamaged BCF and notes where its descriptors, dictionary indices and GT values are. */
function layoutOf(raw: Uint8Array): Layout {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength)
  const textBytes = view.getUint32(5, true)
  const headerText = raw.subarray(9, 9 + textBytes)
  const nul = headerText.indexOf(0)
  const header = parseBcfHeader(new TextDecoder().decode(headerText.subarray(0, nul < 0 ? undefined : nul)))
  const records: RecordLayout[] = []
  let at = 9 + textBytes
  while (at < raw.length) {
    const lShared = view.getUint32(at, true)
    const lIndiv = view.getUint32(at + 4, true)
    const site = at + 8
    const layout: RecordLayout = {
      start: at,
      end: site + lShared + lIndiv,
      site,
      descriptors: [],
      dictionary: [],
      gt: [],
    }
    let p = site + 24
    const intAt = (type: number, q: number) =>
      type === 1 ? view.getInt8(q) : type === 2 ? view.getInt16(q, true) : view.getInt32(q, true)
    const typedInt = (into: number[]) => {
      const type = raw[p] & 15
      layout.descriptors.push(p++)
      const value = intAt(type, p)
      for (let i = 0; i < TYPE_BYTES[type]; i++) into.push(p + i)
      p += TYPE_BYTES[type]
      return value
    }
    const descriptor = () => {
      const b = raw[p]
      layout.descriptors.push(p++)
      let count = b >> 4
      if (count === 15) count = typedInt([])
      return { type: b & 15, count }
    }
    const skipValue = () => {
      const { type, count } = descriptor()
      p += count * TYPE_BYTES[type]
    }
    const nAllele = view.getUint32(site + 16, true) >>> 16
    const nInfo = view.getUint32(site + 16, true) & 0xffff
    const nFmt = raw[site + 23]
    skipValue()
    for (let i = 0; i < nAllele; i++) skipValue()
    const filter = descriptor()
    for (let i = 0; i < filter.count * TYPE_BYTES[filter.type]; i++) layout.dictionary.push(p++)
    for (let i = 0; i < nInfo; i++) {
      typedInt(layout.dictionary)
      skipValue()
    }
    p = site + lShared
    for (let f = 0; f < nFmt && lIndiv > 0; f++) {
      const key = typedInt(layout.dictionary)
      const { type, count } = descriptor()
      const bytes = count * TYPE_BYTES[type] * header.sampleCount
      if (key === header.gtKey) for (let i = 0; i < bytes; i++) layout.gt.push(p + i)
      p += bytes
    }
    records.push(layout)
    at = layout.end
  }
  return { headerEnd: 9 + textBytes, records }
}

type Mutation = { kind: string; bytes: Uint8Array }

/** The damaged variants of one fixture, all drawn from a generator seeded by the fixture's index. */
function variantsOf(raw: Uint8Array, seed: number, n: number): Mutation[] {
  const random = createSeededRandom(seed)
  const below = (k: number) => Math.floor(random() * k)
  const pick = <T>(items: T[]): T => items[below(items.length)]
  const layout = layoutOf(raw)
  const { records } = layout
  const withRecords = records.length > 0
  const setByte = (at: number, kind: string): Mutation => {
    const bytes = raw.slice()
    // A different byte: an xor with 1..255.
    bytes[at] ^= 1 + below(255)
    return { kind: `${kind}@${at}`, bytes }
  }
  const huge = (at: number, kind: string): Mutation => {
    const bytes = raw.slice()
    new DataView(bytes.buffer).setUint32(at, 0xffffffff, true)
    return { kind: `${kind}@${at}=0xFFFFFFFF`, bytes }
  }
  const splice = (from: number, to: number, insert: Uint8Array, kind: string): Mutation => {
    const bytes = new Uint8Array(raw.length - (to - from) + insert.length)
    bytes.set(raw.subarray(0, from))
    bytes.set(insert, from)
    bytes.set(raw.subarray(to), from + insert.length)
    return { kind: `${kind}@${from}-${to}`, bytes }
  }
  const makers: (() => Mutation)[] = [
    () => setByte(5 + below(4), 'header-length'),
    () => setByte(9 + below(layout.headerEnd - 9), 'header-text'),
    () => huge(5, 'header-length'),
    () => {
      const cut = below(raw.length)
      return { kind: `truncate@${cut}`, bytes: raw.slice(0, cut) }
    },
  ]
  if (withRecords) {
    const recordMakers: (() => Mutation)[] = [
      () => setByte(pick(records).start + below(8), 'record-length'),
      () => huge(pick(records).start + 4 * below(2), 'record-length'),
      () => setByte(pick(records).site + below(24), 'site-field'),
      () => setByte(pick(pick(records).descriptors), 'descriptor'),
      () => {
        const r = pick(records)
        return r.dictionary.length > 0 ? setByte(pick(r.dictionary), 'dictionary') : setByte(r.site, 'chrom')
      },
      () => {
        const called = records.filter((r) => r.gt.length > 0)
        return called.length > 0
          ? setByte(pick(pick(called).gt), 'gt')
          : setByte(pick(pick(records).descriptors), 'descriptor')
      },
      () => {
        // Truncate inside a record's bytes (not only on a boundary).
        const r = pick(records)
        const cut = r.start + 1 + below(r.end - r.start - 1)
        return { kind: `truncate-record@${cut}`, bytes: raw.slice(0, cut) }
      },
      () => {
        const r = pick(records)
        return splice(r.start, r.end, new Uint8Array(0), 'drop-record')
      },
      () => {
        const r = pick(records)
        return splice(r.end, r.end, raw.slice(r.start, r.end), 'duplicate-record')
      },
      () => {
        // Drop a few bytes from inside a record.
        const r = pick(records)
        const from = r.start + below(r.end - r.start)
        return splice(from, Math.min(r.end, from + 1 + below(8)), new Uint8Array(0), 'drop-bytes')
      },
      () => {
        // Several bytes of one record at once, so one damage need not be caught before the next.
        const r = pick(records)
        const bytes = raw.slice()
        const at = Array.from({ length: 2 + below(4) }, () => r.start + below(r.end - r.start))
        for (const a of at) bytes[a] ^= 1 + below(255)
        return { kind: `flip-bytes@${at.join(',')}`, bytes }
      },
      () => {
        // Double a few bytes inside a record.
        const r = pick(records)
        const from = r.start + below(r.end - r.start)
        const to = Math.min(r.end, from + 1 + below(8))
        return splice(to, to, raw.slice(from, to), 'duplicate-bytes')
      },
    ]
    makers.push(...recordMakers, ...recordMakers)
  }
  return Array.from({ length: n }, () => pick(makers)())
}

/** What analyzing a variant gave: 'ok', a typed error's code, or the untyped error itself. */
async function outcome(path: string): Promise<{ result: string; ms: number; untyped?: unknown }> {
  const started = performance.now()
  try {
    await analyzeGeneticsSource(path, {
      annotation: 'compact',
      ancestry: true,
      signal: AbortSignal.timeout(GUARD_MS),
    })
    return { result: 'ok', ms: performance.now() - started }
  } catch (error) {
    const ms = performance.now() - started
    if (isGeneticsError(error)) return { result: error.code, ms }
    return { result: 'untyped', ms, untyped: error }
  }
}

/**
 * The decoder's own result for the bytes cut into pieces of random sizes (1 to 300 bytes, so every
 * length prefix and record is split somewhere): the text, or the typed error's code and message.
 */
async function decodedInPieces(bytes: Uint8Array, random: (() => number) | null): Promise<string> {
  async function* pieces() {
    for (let at = 0; at < bytes.length; ) {
      const size = random === null ? bytes.length : 1 + Math.floor(random() * 300)
      yield bytes.slice(at, at + size)
      at += size
    }
  }
  const parts: string[] = []
  const decoder = new TextDecoder()
  try {
    for await (const piece of bcfToVcfText(pieces())) parts.push(decoder.decode(piece, { stream: true }))
    return parts.join('')
  } catch (error) {
    if (isGeneticsError(error)) return `${error.code}: ${error.message}`
    return `untyped: ${String(error)}`
  }
}

/** Records before the damaged ones, so that they reach the scan rather than detection's first read. */
const RECORDS_BEFORE = 2_500

/**
 * The variant with the original's records repeated before its own, when its header is the original's
 * (a damaged header is detection's to refuse, on any path): records, not the header, are what the
 * workers decode.
 */
function pastDetection(raw: Uint8Array, variant: Uint8Array): Uint8Array {
  const { headerEnd, records } = layoutOf(raw)
  const sameHeader =
    variant.length >= headerEnd && raw.subarray(0, headerEnd).every((b, k) => variant[k] === b)
  if (!sameHeader || records.length === 0) return variant
  const body = raw.subarray(headerEnd)
  const copies = Math.ceil(RECORDS_BEFORE / records.length)
  // Large records (1,252 samples) are read by detection a few at a time: a few copies do.
  const count = Math.min(copies, Math.max(1, Math.floor((4 << 20) / body.length)))
  const out = new Uint8Array(headerEnd + count * body.length + variant.length - headerEnd)
  out.set(raw.subarray(0, headerEnd))
  for (let c = 0; c < count; c++) out.set(body, headerEnd + c * body.length)
  out.set(variant.subarray(headerEnd), headerEnd + count * body.length)
  return out
}

/** A scan's outcome as one comparable string: its summary, calls and warnings, or its error. */
async function scanned(path: string, workers: number): Promise<string> {
  try {
    const scan = await scanSource(path, {
      targets: SCAN_TARGETS,
      workers,
      segmentBytes: 2000,
      signal: AbortSignal.timeout(GUARD_MS),
    })
    const calls = [...scan.calls.entries()].sort(([a], [b]) => a.localeCompare(b))
    return JSON.stringify({ summary: scan.summary, calls, warnings: scan.warnings })
  } catch (error) {
    if (isGeneticsError(error)) return `${error.code}: ${error.message}`
    return `untyped: ${String(error)}`
  }
}
const SCAN_TARGETS = [...catalogTargets(), ...ancestryTargets()]

const codes = new Map<string, number>()

describe('a BCF damaged at random ends in a typed error or a result, never a crash or a hang', () => {
  FIXTURES.forEach((name, index) => {
    test(name, async () => {
      const raw = new Uint8Array(gunzipSync(readFileSync(fixture('bcf', `${name}.bcf`))))
      const variants = variantsOf(raw, SEED + index, LARGE.has(name) ? LARGE_VARIANTS : VARIANTS)
      const failures: string[] = []
      for (const [i, variant] of variants.entries()) {
        const path = tmp.path(`${name}.${i}.bcf`)
        writeFileSync(path, variant.bytes)
        const { result, ms, untyped } = await outcome(path)
        codes.set(result, (codes.get(result) ?? 0) + 1)
        // The decoder alone, the bytes in one piece and in small pieces: the same text or error.
        const whole = await decodedInPieces(variant.bytes, null)
        const split = await decodedInPieces(variant.bytes, createSeededRandom(SEED + i))
        if (whole.startsWith('untyped') || split !== whole) {
          failures.push(
            `variant ${i} (${variant.kind}): decoded in pieces ${split.slice(0, 200)}, whole ${whole.slice(0, 200)}`,
          )
        }
        // Every third variant also as a BGZF file of small blocks, read on the scan workers (the main
        // thread cuts record chunks, the workers decode them): the same result or error as one thread.
        // Detection decodes the first 2,000 records itself, so the damaged records are moved past them.
        if (i % 3 === 0) {
          const bgzfPath = tmp.path(`${name}.${i}.bgzf.bcf`)
          writeFileSync(
            bgzfPath,
            bgzf(pastDetection(raw, variant.bytes), () => 700),
          )
          const [onWorkers, oneThread] = [await scanned(bgzfPath, 2), await scanned(bgzfPath, 0)]
          if (onWorkers !== oneThread) {
            failures.push(
              `variant ${i} (${variant.kind}): on the workers ${onWorkers.slice(0, 200)}, on one thread ${oneThread.slice(0, 200)}`,
            )
          }
        }
        if (result === 'untyped') failures.push(`variant ${i} (${variant.kind}): ${String(untyped)}`)
        else if (result === 'CANCELLED' || ms > GUARD_MS) {
          failures.push(`variant ${i} (${variant.kind}): took ${Math.round(ms)} ms`)
        } else if (result !== 'ok' && !EXPECTED_CODES.has(result)) {
          failures.push(`variant ${i} (${variant.kind}): unexpected code ${result}`)
        }
      }
      expect(failures).toEqual([])
    })
  })

  // With SEED 0xbcf2 the 354 variants end as: BAD_RECORD 183, ok 89, TRUNCATED_INPUT 65, BAD_HEADER 17
  // (bun 1.4.5). Sweeps of about 40,000 variants over other seeds found no crash and no hang; about
  // 5,400 more (seeds 0x1111-0x4444, 120 a fixture) read on the workers exactly as on one thread.
  test('the sweep reached the decoder: records, headers and truncation were all refused', () => {
    const total = [...codes.values()].reduce((a, b) => a + b, 0)
    expect(total).toBe(11 * VARIANTS + 2 * LARGE_VARIANTS)
    expect(codes.get('untyped')).toBeUndefined()
    for (const code of ['ok', 'BAD_RECORD', 'BAD_HEADER', 'TRUNCATED_INPUT']) {
      expect([code, (codes.get(code) ?? 0) > 0]).toEqual([code, true])
    }
  })
})
