// dbSNP lookups by tabix region reads, for inputs that are sparse (a few sites against a whole-
// genome reference) or not sorted. Input alleles are buffered, sorted, grouped into regions, and
// each region is read once through the reference's .tbi/.csi index (@gmod/tabix). Assignments are
// reported in input order within each buffer.

import type { TabixIndexedFile } from '@gmod/tabix'
import { GeneticsInputError, throwIfAborted } from '../errors'
import { AlleleKeyExtractor } from './allele-keys'
import type { AlleleStream } from './allele-stream'
import { type AssignedCallback, type JoinStats, recordAssignment } from './join-stats'
import { LOOKBACK } from './merge-join'

const BUFFER_ALLELES = 200_000
/** Sites closer than this share one region read. */
const REGION_GAP = 2_000

interface PendingAllele {
  order: number
  chrom: string
  /** Chromosome as the input writes it. */
  written: string
  pos: number
  tpos: number
  code: number
  text: string | null
  inputRs: number
}

export interface TabixJoinContext {
  stats: JoinStats
  onAssigned?: AssignedCallback
  referenceName(chrom: string): string | null
  unmatched: Set<string>
  contigMapping: Map<string, string>
  signal?: AbortSignal
  onBatch?: () => void
  /** Alleles at the start of the input that were already handled (after a merge-join fallback). */
  skip: number
}

export async function tabixJoin(
  input: AlleleStream,
  reference: { path: string; indexPath: string },
  ctx: TabixJoinContext,
): Promise<void> {
  // Loaded on the first region read, not at start-up, where every scan and merge join would pay for it.
  const { TabixIndexedFile } = await import('@gmod/tabix')
  const indexed = reference.indexPath.endsWith('.csi')
    ? new TabixIndexedFile({ path: reference.path, csiPath: reference.indexPath })
    : new TabixIndexedFile({ path: reference.path, tbiPath: reference.indexPath })
  let buffer: PendingAllele[] = []
  let seen = 0
  for (let batch = await input.next(); batch !== null; batch = await input.next()) {
    throwIfAborted(ctx.signal)
    ctx.onBatch?.()
    for (let i = 0; i < batch.count; i++) {
      if (seen++ < ctx.skip) continue
      const ti = batch.textIndex[i]
      buffer.push({
        order: seen,
        chrom: batch.names[batch.chrom[i]],
        written: batch.rawNames[batch.chrom[i]],
        pos: batch.pos[i],
        tpos: batch.tpos[i],
        code: batch.code[i],
        text: ti >= 0 ? batch.texts[ti] : null,
        inputRs: batch.rs[i],
      })
    }
    input.release(batch)
    if (buffer.length >= BUFFER_ALLELES) {
      await resolveBuffer(buffer, indexed, ctx)
      buffer = []
    }
  }
  await resolveBuffer(buffer, indexed, ctx)
}

async function resolveBuffer(buffer: PendingAllele[], indexed: TabixIndexedFile, ctx: TabixJoinContext) {
  const { stats } = ctx
  const results = new Map<PendingAllele, { rs: number; matches: number } | 'mismatch'>()
  const byChrom = new Map<string, PendingAllele[]>()
  for (const allele of buffer) {
    stats.alleles++
    const list = byChrom.get(allele.chrom) ?? []
    list.push(allele)
    byChrom.set(allele.chrom, list)
  }
  const extractor = new AlleleKeyExtractor({ role: 'reference' })
  const encoder = new TextEncoder()
  for (const [chrom, alleles] of byChrom) {
    const referenceName = ctx.referenceName(chrom)
    const written = alleles[0].written
    if (referenceName === null) {
      ctx.unmatched.add(written)
      continue
    }
    ctx.contigMapping.set(written, referenceName)
    alleles.sort((a, b) => a.tpos - b.tpos)
    let r = 0
    while (r < alleles.length) {
      throwIfAborted(ctx.signal)
      let end = r + 1
      while (end < alleles.length && alleles[end].tpos - alleles[end - 1].tpos <= REGION_GAP) end++
      const first = alleles[r].pos
      const last = alleles[end - 1].tpos
      // key "tpos:code" -> rs numbers in reference order (text kept for non-SNV confirmation)
      const known = new Map<string, { rs: number; text: string | null; pos: number }[]>()
      const positions = new Set<number>()
      await indexed
        .getLines(referenceName, Math.max(0, first - LOOKBACK - 1), last, {
          signal: ctx.signal,
          lineCallback: (line: string) => {
            const piece = extractor.extractLine(encoder.encode(line))
            if (piece.error) {
              throw new GeneticsInputError(
                'DBSNP_REFERENCE_INVALID',
                `dbSNP reference: ${piece.error.message}`,
              )
            }
            const b = piece.batch
            for (let k = 0; k < b.count; k++) {
              positions.add(b.tpos[k])
              if (b.rs[k] < 0) continue
              const key = `${b.tpos[k]}:${b.code[k]}`
              const list = known.get(key) ?? []
              const t = b.textIndex[k]
              list.push({ rs: b.rs[k], text: t >= 0 ? b.texts[t] : null, pos: b.pos[k] })
              known.set(key, list)
            }
          },
        })
        .catch((error: unknown) => {
          if (error instanceof GeneticsInputError) throw error
          throwIfAborted(ctx.signal)
          throw new GeneticsInputError(
            'DBSNP_REFERENCE_INVALID',
            `the dbSNP reference could not be read: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
          )
        })
      for (let k = r; k < end; k++) {
        const allele = alleles[k]
        const candidates = (known.get(`${allele.tpos}:${allele.code}`) ?? []).filter(
          (c) => allele.text === null || c.text === allele.text,
        )
        if (candidates.length > 0) {
          // The record written at the input's own POS is the exact match and wins (as in the merge join).
          const rs = (candidates.find((c) => c.pos === allele.pos) ?? candidates[0]).rs
          const matches = new Set(candidates.map((c) => c.rs)).size
          results.set(allele, { rs, matches })
        } else if (positions.has(allele.tpos)) results.set(allele, 'mismatch')
      }
      r = end
    }
  }
  const ordered = [...results.entries()].sort((a, b) => a[0].order - b[0].order)
  for (const [allele, result] of ordered) {
    if (result === 'mismatch') stats.alleleMismatches++
    else {
      recordAssignment(
        stats,
        ctx.onAssigned,
        allele.chrom,
        allele.tpos,
        allele.code,
        allele.text,
        allele.inputRs,
        result.rs,
        result.matches,
      )
    }
  }
}
