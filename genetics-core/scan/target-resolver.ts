// Decides which record answers each target. Records that hit a lookup are offered here as they
// arrive; per target the best candidate is kept: an rsID match first, then a variant record at the
// target's position, then a reference record starting there, then a variant whose trimmed allele
// starts there (anchored indels), then a reference block covering it. Position matches are kept per build until the build is known at the end of the scan.

import { type ConsumerRow, callFromConsumerRow } from '../consumer/consumer-row'
import { chromosomeCode } from '../normalize/chromosome'
import type { GenomeBuild, SiteCall, SiteTarget, SiteTargetAlleleHints } from '../types'
import {
  callFromRecord,
  isReferenceRecord,
  recordEnd,
  trimmedStarts,
  type VcfRecord,
} from '../vcf/vcf-record'
import { positionKey, rsNumber } from './lookup-tables'

export type Target = SiteTarget & SiteTargetAlleleHints

/** How a record matched a target; lower is better. */
const Match = { Rsid: 0, Position: 1, BlockStart: 2, TrimmedPosition: 3, Block: 4 } as const
type Match = (typeof Match)[keyof typeof Match]

interface Candidate {
  match: Match
  /** Lower is better, within one match kind. */
  preference: number
  order: number
  atPos: number
  record?: VcfRecord
  row?: ConsumerRow
}

type Located = 'grch37' | 'grch38'
const BUILD_FIELD: Partial<Record<GenomeBuild, Located>> = { GRCh37: 'grch37', GRCh38: 'grch38' }

export class TargetResolver {
  private readonly byRs = new Map<number, Target[]>()
  private readonly byPosition = new Map<GenomeBuild, Map<number, Target[]>>()
  private readonly sortedByChrom = new Map<GenomeBuild, Map<number, { pos: number; target: Target }[]>>()
  private readonly rsBest = new Map<string, Candidate>()
  private readonly positionBest = new Map<GenomeBuild, Map<string, Candidate>>()
  private order = 0

  constructor(
    readonly targets: readonly Target[],
    /** Builds whose target positions are looked for (one when the build is known). */
    readonly builds: readonly GenomeBuild[],
  ) {
    for (const target of targets) {
      const rs = target.rsid ? rsNumber(target.rsid) : -1
      if (rs >= 0) push(this.byRs, rs, target)
    }
    for (const build of builds) {
      const field = BUILD_FIELD[build]
      if (!field) continue
      const index = new Map<number, Target[]>()
      const sorted = new Map<number, { pos: number; target: Target }[]>()
      for (const target of targets) {
        const at = target[field]
        if (!at) continue
        const code = chromosomeCode(at.chrom)
        if (code === 0) continue
        push(index, positionKey(code, at.pos), target)
        const list = sorted.get(code) ?? []
        list.push({ pos: at.pos, target })
        sorted.set(code, list)
      }
      for (const list of sorted.values()) list.sort((a, b) => a.pos - b.pos)
      this.byPosition.set(build, index)
      this.sortedByChrom.set(build, sorted)
      this.positionBest.set(build, new Map())
    }
  }

  /** rs numbers and position keys to put in the scanners' lookup tables. */
  lookupKeys(): { rsids: number[]; positionKeys: number[] } {
    const positionKeys: number[] = []
    for (const index of this.byPosition.values()) positionKeys.push(...index.keys())
    return { rsids: [...this.byRs.keys()], positionKeys }
  }

  offerVcfRecord(record: VcfRecord): void {
    const order = this.order++
    for (const id of record.ids) {
      const targets = this.byRs.get(rsNumber(id))
      if (!targets) continue
      for (const target of targets) {
        this.keep(this.rsBest, target.key, {
          match: Match.Rsid,
          preference: vcfPreference(record, target),
          order,
          atPos: record.pos,
          record,
        })
      }
    }
    const code = chromosomeCode(record.chrom)
    if (code === 0) return
    const block = isReferenceRecord(record)
    for (const build of this.byPosition.keys()) {
      const best = this.positionBest.get(build)!
      if (block) {
        const end = recordEnd(record)
        for (const { pos, target } of this.inRange(build, code, record.pos, end)) {
          const match = pos === record.pos ? Match.BlockStart : Match.Block
          this.keep(best, target.key, { match, preference: 0, order, atPos: pos, record })
        }
        continue
      }
      const index = this.byPosition.get(build)!
      for (const target of index.get(positionKey(code, record.pos)) ?? []) {
        this.keep(best, target.key, {
          match: Match.Position,
          preference: vcfPreference(record, target),
          order,
          atPos: record.pos,
          record,
        })
      }
      for (const start of trimmedStarts(record)) {
        if (start === record.pos) continue
        for (const target of index.get(positionKey(code, start)) ?? []) {
          this.keep(best, target.key, {
            match: Match.TrimmedPosition,
            preference: vcfPreference(record, target),
            order,
            atPos: record.pos,
            record,
          })
        }
      }
    }
  }

  offerConsumerRow(row: ConsumerRow): void {
    const order = this.order++
    const rs = rsNumber(row.id)
    for (const target of this.byRs.get(rs) ?? []) {
      this.keep(this.rsBest, target.key, { match: Match.Rsid, preference: 0, order, atPos: row.pos, row })
      this.noteGenotype(target.key, row)
    }
    const code = chromosomeCode(row.chrom)
    if (code === 0) return
    for (const [build, index] of this.byPosition) {
      const best = this.positionBest.get(build)!
      for (const target of index.get(positionKey(code, row.pos)) ?? []) {
        this.keep(best, target.key, { match: Match.Position, preference: 0, order, atPos: row.pos, row })
        this.noteGenotype(`${build}\t${target.key}`, row)
      }
    }
  }

  /**
   * The genotypes consumer rows give each target (by rsID under its key, by position under the build
   * and key): a site listed twice with different letters has no one answer.
   */
  private readonly rowGenotypes = new Map<string, Set<string>>()

  private noteGenotype(key: string, row: ConsumerRow): void {
    if (row.alleles.length === 0) return
    const genotype = [...row.alleles].sort().join('/')
    const seen = this.rowGenotypes.get(key)
    if (seen) seen.add(genotype)
    else this.rowGenotypes.set(key, new Set([genotype]))
  }

  /** The different genotypes the rows gave a target, when there were several; else null. */
  private conflictingGenotypes(build: GenomeBuild | 'unknown', key: string): string[] | null {
    const all = new Set([
      ...(this.rowGenotypes.get(key) ?? []),
      ...(this.rowGenotypes.get(`${build}\t${key}`) ?? []),
    ])
    return all.size > 1 ? [...all] : null
  }

  /** Calls for one sample (VCF column index among samples; ignored for consumer rows). */
  callsFor(build: GenomeBuild | 'unknown', sample: number): Map<string, SiteCall> {
    const calls = new Map<string, SiteCall>()
    const byKey = new Map(this.targets.map((t) => [t.key, t]))
    const positions = build === 'unknown' ? undefined : this.positionBest.get(build)
    for (const target of this.targets) {
      let chosen = this.rsBest.get(target.key)
      const positional = positions?.get(target.key)
      if (!chosen || (positional && better(positional, chosen))) chosen = positional
      if (!chosen) continue
      const t = byKey.get(target.key)!
      if (chosen.row) {
        const call = callFromConsumerRow(chosen.row, t)
        const conflicting = this.conflictingGenotypes(build, target.key)
        calls.set(
          target.key,
          conflicting
            ? { ...call, alleles: [], zygosity: 'no_call', conflictingGenotypes: conflicting }
            : call,
        )
      } else if (chosen.record) calls.set(target.key, callFromRecord(chosen.record, sample, chosen.atPos))
    }
    return calls
  }

  private keep(map: Map<string, Candidate>, key: string, candidate: Candidate): void {
    const current = map.get(key)
    if (!current || better(candidate, current)) map.set(key, candidate)
  }

  private *inRange(build: GenomeBuild, code: number, start: number, end: number) {
    const list = this.sortedByChrom.get(build)?.get(code)
    if (!list) return
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (list[mid].pos < start) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < list.length && list[i].pos <= end; i++) yield list[i]
  }
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.match !== b.match) return a.match < b.match
  if (a.preference !== b.preference) return a.preference < b.preference
  return a.order < b.order
}

/**
 * Among records matching one target the same way: alleles that agree with the target's hints win,
 * then records with an SNV, then the earlier record.
 */
function vcfPreference(record: VcfRecord, target: Target): number {
  if (target.ref) {
    const ref = target.ref.toUpperCase()
    const agrees =
      record.ref.toUpperCase() === ref &&
      (!target.alts ||
        target.alts.some((alt) => record.alts.some((a) => a.toUpperCase() === alt.toUpperCase())))
    if (agrees) return 0
  }
  const snv = record.ref.length === 1 && record.alts.some((a) => a.length === 1 && a !== '.' && a !== '*')
  return snv ? 1 : 2
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
