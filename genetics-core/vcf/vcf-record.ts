// Full parse of one VCF data line, used off the hot path: for the few records that hit a target,
// for validation of the first lines, and for tests. Turns a record and a sample into a SiteCall.

import { isReferencePlaceholder, trimAlleles } from '../normalize/alleles'
import { canonicalChromosome } from '../normalize/chromosome'
import { parseGenotype, zygosityOf } from '../normalize/genotype'
import type { SiteCall } from '../types'
import { imputationFromInfo } from './imputation'

export interface VcfRecord {
  /** CHROM as written. */
  chrom: string
  pos: number
  ids: string[]
  ref: string
  /** ALT values as written ('.' gives an empty list). */
  alts: string[]
  filter: string
  info: string
  format: string[]
  /** Raw sample columns, split only when one is read. */
  samples: SampleColumns
}

/**
 * The sample columns of a record kept as one string with column offsets: a record of a
 * thousands-sample VCF would otherwise hold thousands of small strings for each target it matched.
 */
export class SampleColumns {
  private starts: Int32Array | null = null

  constructor(private readonly text: string | null) {}

  get length(): number {
    return this.text === null ? 0 : this.offsets().length - 1
  }

  /** Column i (0-based among samples), or undefined when the record has fewer. */
  get(i: number): string | undefined {
    if (this.text === null) return undefined
    const starts = this.offsets()
    if (i < 0 || i >= starts.length - 1) return undefined
    return this.text.slice(starts[i], starts[i + 1] - 1)
  }

  private offsets(): Int32Array {
    if (this.starts) return this.starts
    const text = this.text ?? ''
    let n = 1
    for (let i = text.indexOf('\t'); i >= 0; i = text.indexOf('\t', i + 1)) n++
    const starts = new Int32Array(n + 1)
    let k = 1
    for (let i = text.indexOf('\t'); i >= 0; i = text.indexOf('\t', i + 1)) starts[k++] = i + 1
    starts[n] = text.length + 1
    this.starts = starts
    return starts
  }
}

/** Splits a data line; null when it has fewer than 8 columns or POS is not a whole number. */
export function parseVcfRecordLine(text: string): VcfRecord | null {
  const line = text.replace(/\r$/, '')
  // Split only the fixed columns; the sample columns stay one string (see SampleColumns).
  let cut = -1
  for (let tabs = 0, i = line.indexOf('\t'); i >= 0; i = line.indexOf('\t', i + 1)) {
    if (++tabs === 9) {
      cut = i
      break
    }
  }
  const cols = (cut >= 0 ? line.slice(0, cut) : line).split('\t')
  if (cols.length < 8 || !/^\d+$/.test(cols[1])) return null
  return {
    chrom: cols[0],
    pos: Number(cols[1]),
    ids: cols[2] === '.' ? [] : cols[2].split(';'),
    ref: cols[3],
    alts: cols[4] === '.' ? [] : cols[4].split(','),
    filter: cols[6],
    info: cols[7],
    format: cols.length > 8 ? cols[8].split(':') : [],
    samples: new SampleColumns(cut >= 0 ? line.slice(cut + 1) : null),
  }
}

/** Value of an INFO key ('' for a flag), or null when absent. */
export function infoValue(info: string, key: string): string | null {
  if (info === '.' || info === '') return null
  for (const part of info.split(';')) {
    if (part === key) return ''
    if (part.startsWith(key) && part[key.length] === '=') return part.slice(key.length + 1)
  }
  return null
}

/** True when every ALT is a placeholder: a gVCF reference block or a monomorphic site. */
export function isReferenceRecord(record: VcfRecord): boolean {
  return (
    record.alts.length === 0 || record.alts.every((alt) => isReferencePlaceholder(alt) || alt === record.ref)
  )
}

/** Last position the record covers: END for blocks, else POS. */
export function recordEnd(record: VcfRecord): number {
  const end = Number(infoValue(record.info, 'END'))
  return Number.isInteger(end) && end > record.pos ? end : record.pos
}

/** First rsID among the record's IDs. */
export function recordRsid(record: VcfRecord): string | null {
  for (const id of record.ids) if (/^rs\d+$/i.test(id)) return `rs${id.slice(2)}`
  return null
}

/** Positions at which the record's alleles start once trimmed (POS for SNVs, POS+1 for anchored indels). */
export function trimmedStarts(record: VcfRecord): number[] {
  const starts = new Set<number>()
  for (const alt of record.alts) {
    if (isReferencePlaceholder(alt) || alt.startsWith('<') || alt === '*') continue
    starts.add(trimAlleles(record.pos, record.ref, alt).pos)
  }
  return [...starts]
}

function sampleField(record: VcfRecord, sample: number, key: string): string | null {
  const index = record.format.indexOf(key)
  const raw = record.samples.get(sample)
  if (index < 0 || raw === undefined) return null
  const value = raw.split(':')[index]
  return value === undefined || value === '.' || value === '' ? null : value
}

function intField(record: VcfRecord, sample: number, key: string): number | undefined {
  const value = sampleField(record, sample, key)
  if (value === null || !/^-?\d+$/.test(value)) return undefined
  return Number(value)
}

/**
 * The call of one sample at a record. `atPos` places a reference-block call at a target inside the
 * block: the REF base is only known at the block's first position, so elsewhere ref is null and the
 * reference allele is written 'N'.
 */
export function callFromRecord(record: VcfRecord, sample: number, atPos = record.pos): SiteCall {
  const block = isReferenceRecord(record)
  const alts = record.alts.filter((alt) => !isReferencePlaceholder(alt))
  const refKnown = atPos === record.pos
  const refAllele = refKnown ? record.ref : 'N'
  const gt = sampleField(record, sample, 'GT')
  const parsed = gt === null ? null : parseGenotype(gt)
  const indices = parsed?.indices ?? []
  const alleles = indices.map((index) => {
    if (index === null) return '.'
    if (index === 0) return refAllele
    return record.alts[index - 1] ?? '.'
  })
  const call: SiteCall = {
    chrom: canonicalChromosome(record.chrom),
    pos: atPos,
    id: refKnown ? recordRsid(record) : null,
    ref: refKnown ? record.ref : null,
    alts: block ? [] : alts,
    alleles: alleles.length > 0 ? alleles : ['.', '.'],
    zygosity: parsed === null ? 'no_call' : zygosityOf(indices),
    filter: record.filter === '.' || record.filter === '' ? null : record.filter,
  }
  if (block) call.fromReferenceBlock = true
  const carriedAlts = indices.filter((index): index is number => index !== null && index > 0)
  const imputation = imputationFromInfo(record.info, carriedAlts)
  if (imputation) call.imputation = imputation
  const dp = intField(record, sample, 'DP')
  if (dp !== undefined) call.dp = dp
  const gq = intField(record, sample, 'GQ')
  if (gq !== undefined) call.gq = gq
  const ad = sampleField(record, sample, 'AD')
  if (ad !== null && /^\d+(,\d+)*$/.test(ad)) call.ad = ad.split(',').map(Number)
  return call
}
