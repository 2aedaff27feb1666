// The merge join at the edges a real dbSNP reaches at scale: reference records at one position that
// arrive in two batches, and several reference records that trim to the same allele, where the one
// written at the input's own POS (what bcftools annotate assigns) must win over an earlier one.
// Batches are built from VCF lines with the real allele-key extractor, split where the test says.

import { describe, expect, test } from 'bun:test'
import { type AlleleBatch, AlleleKeyExtractor } from '../../genetics-core/dbsnp/allele-keys'
import type { AlleleStream } from '../../genetics-core/dbsnp/allele-stream'
import { newJoinStats } from '../../genetics-core/dbsnp/join-stats'
import { mergeJoin, ReferenceSource } from '../../genetics-core/dbsnp/merge-join'

const encoder = new TextEncoder()

/** One batch from VCF data lines, extracted as the join's workers do. */
function batch(lines: string[], role: 'input' | 'reference'): AlleleBatch {
  const piece = new AlleleKeyExtractor({ role }).extractPiece(encoder.encode(`\n${lines.join('\n')}\n`))
  if (piece.error) throw new Error(piece.error.message)
  return piece.batch
}

/** An allele stream that hands out the given batches in order. */
function streamOf(batches: AlleleBatch[]): AlleleStream {
  const queue = [...batches]
  return {
    next: async () => queue.shift() ?? null,
    release: () => {},
    close: () => {},
  } as unknown as AlleleStream
}

async function join(input: string[], referenceBatches: string[][]) {
  const assigned: string[] = []
  const stats = newJoinStats()
  await mergeJoin(streamOf([batch(input, 'input')]), {
    stats,
    onAssigned: (chrom, pos, ref, alt, rs) => assigned.push(`${chrom}:${pos}:${ref}>${alt}=rs${rs}`),
    referenceName: (chrom) => chrom,
    reference: new ReferenceSource(
      () => streamOf(referenceBatches.map((lines) => batch(lines, 'reference'))),
      ['1'],
    ),
    unmatched: new Set(),
    contigMapping: new Map(),
  })
  return { assigned, stats }
}

const row = (pos: number, id: string, ref: string, alt: string) => `1\t${pos}\t${id}\t${ref}\t${alt}\t.\t.\t.`

describe('merge join', () => {
  test('reference records at one position split across two batches are all seen', async () => {
    const { assigned, stats } = await join(
      [row(1000, '.', 'C', 'G'), row(2000, '.', 'A', 'T')],
      [
        [row(900, 'rs1', 'G', 'A'), row(1000, 'rs2', 'C', 'A')],
        [row(1000, 'rs3', 'C', 'G'), row(1000, 'rs4', 'C', 'T'), row(2000, 'rs5', 'A', 'T')],
      ],
    )
    expect(assigned).toEqual(['1:1000:C>G=rs3', '1:2000:A>T=rs5'])
    expect(stats).toMatchObject({ alleles: 2, assigned: 2, alleleMismatches: 0 })
  })

  test('a batch boundary right after the input position still loads the records that follow it', async () => {
    const { assigned } = await join(
      [row(1000, '.', 'C', 'T')],
      [[row(1000, 'rs2', 'C', 'A')], [row(1000, 'rs3', 'C', 'G')], [row(1000, 'rs4', 'C', 'T')]],
    )
    expect(assigned).toEqual(['1:1000:C>T=rs4'])
  })

  test('of two records that trim to the same deletion, the one at the input POS wins', async () => {
    // rs20 (POS 99, CAT>CA) and rs21 (POS 100, AT>A) both delete the T at 101.
    const reference = [[row(99, 'rs20', 'CAT', 'CA'), row(100, 'rs21', 'AT', 'A')]]
    const atHundred = await join([row(100, '.', 'AT', 'A')], reference)
    expect(atHundred.assigned).toEqual(['1:101:T>=rs21'])
    expect(atHundred.stats.multipleRsids).toBe(1)
    const atNinetyNine = await join([row(99, '.', 'CAT', 'CA')], reference)
    expect(atNinetyNine.assigned).toEqual(['1:101:T>=rs20'])
  })

  test('without a record at the input POS, the first in reference order is kept', async () => {
    const { assigned } = await join(
      [row(98, '.', 'GCAT', 'GCA')],
      [[row(99, 'rs20', 'CAT', 'CA'), row(100, 'rs21', 'AT', 'A')]],
    )
    expect(assigned).toEqual(['1:101:T>=rs20'])
  })
})
