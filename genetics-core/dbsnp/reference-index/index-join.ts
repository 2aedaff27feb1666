// The dbSNP join against the provisioned index: every input allele is looked up by its trimmed
// position in its chromosome's index. Sorted input walks the blocks in order (each read once, from the
// block cache after that); sparse or unsorted input reads only the blocks it needs. Either way memory
// is the input's batches plus a few blocks per chromosome, whatever the size of the reference.

import { refseqAccessionBuild } from '../../detect/genome-build'
import { GeneticsInputError, throwIfAborted } from '../../errors'
import type { GenomeBuild } from '../../types'
import type { AlleleStream } from '../allele-stream'
import { type AssignedCallback, type JoinStats, recordAssignment } from '../join-stats'
import { F_AUX, F_CODE, F_RS, type IndexedChromosome, secondHash } from './format'
import { ChromosomeIndex } from './index-reader'

export interface IndexJoinContext {
  stats: JoinStats
  onAssigned?: AssignedCallback
  dir: string
  /** Records per block, from the manifest (each chromosome file must agree). */
  blockRecords: number
  /** The index's build when known: an input chromosome named by a RefSeq accession of the other build is refused. */
  referenceBuild: GenomeBuild | null
  /** Indexed chromosome for a canonical input chromosome, or null. */
  chromosomeFor(chrom: string): IndexedChromosome | null
  unmatched: Set<string>
  contigMapping: Map<string, string>
  signal?: AbortSignal
  onBatch?: () => void
}

const SNV_BIT = 0x80000000

export async function indexJoin(input: AlleleStream, ctx: IndexJoinContext): Promise<void> {
  const { stats } = ctx
  const open = new Map<string, ChromosomeIndex | null>()
  // Sorted input stays on one chromosome for millions of alleles: no map lookup for each.
  let lastName: string | null = null
  let lastIndex: ChromosomeIndex | null | undefined
  try {
    for (let batch = await input.next(); batch !== null; batch = await input.next()) {
      throwIfAborted(ctx.signal)
      ctx.onBatch?.()
      for (let i = 0; i < batch.count; i++) {
        const name = batch.names[batch.chrom[i]]
        let index = name === lastName ? lastIndex : open.get(name)
        if (index === undefined) {
          const indexed = ctx.chromosomeFor(name)
          const written = batch.rawNames[batch.chrom[i]]
          if (indexed === null) ctx.unmatched.add(written)
          else {
            checkAccessionBuild(written, indexed, ctx.referenceBuild)
            ctx.contigMapping.set(written, indexed.name)
          }
          index = indexed === null ? null : new ChromosomeIndex(ctx.dir, indexed, ctx.blockRecords)
          open.set(name, index)
        }
        lastName = name
        lastIndex = index
        stats.alleles++
        if (index === null) continue
        const tpos = batch.tpos[i]
        const pos = batch.pos[i]
        const code = batch.code[i]
        const ti = batch.textIndex[i]
        const text = ti >= 0 ? batch.texts[ti] : null
        const second = (code & SNV_BIT) !== 0 ? 0 : secondHash(text)
        let matches = 0
        let firstRs = -1
        let matchRs = -1
        let exact = false
        const samePosition = index.seek(tpos)
        // The records at this position, read through the index's cursor (no callback per allele).
        for (let found = samePosition; found; found = index.next(tpos)) {
          const words = index.words
          const o = index.offset
          if (words[o + F_CODE] !== code) continue
          const aux = words[o + F_AUX]!
          if (aux >>> 8 !== second) continue
          const rs = words[o + F_RS]!
          if (matches === 0) firstRs = rs
          if (matches === 0 || rs !== firstRs) matches++
          // The record written at the input's own POS is the exact match and wins (as in the merge join).
          const atInputPos = tpos - (aux & 0xff) === pos
          if (matchRs < 0 || (!exact && atInputPos)) {
            matchRs = rs
            exact = atInputPos
          }
        }
        if (matches > 0) {
          recordAssignment(stats, ctx.onAssigned, name, tpos, code, text, batch.rs[i], matchRs, matches)
        } else if (samePosition) stats.alleleMismatches++
      }
      input.release(batch)
    }
  } finally {
    for (const index of open.values()) index?.close()
  }
}

/**
 * An input that names a chromosome by its RefSeq accession states the build in the version
 * (NC_000001.10 is GRCh37, NC_000001.11 GRCh38), even when its header does not: joined against the
 * other build, every rsID found would belong to another variant.
 */
function checkAccessionBuild(
  written: string,
  indexed: IndexedChromosome,
  referenceBuild: GenomeBuild | null,
): void {
  const inputBuild = refseqAccessionBuild(written)
  const indexBuild = refseqAccessionBuild(indexed.name) ?? referenceBuild
  if (inputBuild === null || indexBuild === null || inputBuild === indexBuild) return
  throw new GeneticsInputError(
    'BUILD_MISMATCH',
    `the input's chromosome ${written} is ${inputBuild} but the dbSNP index is ${indexBuild}; positions would not match`,
  )
}
