// A VCF whose REF is not the genome's, with nothing in its header to say so: PLINK's output for a real
// person (1000 Genomes HG00096 at the ancestry markers, plus two copies of CYP2C19*2) with its PR flag
// removed by `bcftools annotate -x INFO/PR` (test/fixtures/genetics/chip-vcf/plink19_pr_stripped_hg00096.vcf).
// Read as REF, its `REF=A ALT=. 0/0` at CYP2C19*2 was "a different variant"; found from the data, the
// file is read as letters, as a chip's. Genuine VCFs never differ from the reference base, so they are
// never judged so.

import { describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { ancestryTargets } from '../../genetics-core/ancestry/index'
import { catalogTargets } from '../../genetics-core/catalog/index'
import {
  compareReferenceBases,
  MIN_MISMATCHED_SITES,
  referenceMismatchEvidence,
} from '../../genetics-core/detect/reference-mismatch'
import { analyzeGeneticsSource } from '../../genetics-core/index'
import { scanSource } from '../../genetics-core/scan/scan-source'
import type { HintedTarget } from '../../genetics-core/strand/strand-orientation'
import type { SiteCall } from '../../genetics-core/types'
import { fixture, tempDir } from './support/fixtures'

const STRIPPED = fixture('chip-vcf', 'plink19_pr_stripped_hg00096.vcf')
const TARGETS = [...catalogTargets(), ...ancestryTargets()]

describe('a VCF whose REF differs from the genome at many sites', () => {
  test('is found from its data, said so, and its CYP2C19*2 call read as the two copies it is', async () => {
    // Without an ancestry estimate asked for too: the panel's markers are what the REF is judged on.
    const analysis = await analyzeGeneticsSource(STRIPPED, { annotation: 'compact' })
    expect(analysis.detection.provisionalReference).toBe(
      'REF differs from the GRCh37 reference base at 55 of 170 catalog and panel sites',
    )
    const warning = analysis.warnings.find((w) => w.code === 'REF_NOT_FROM_GENOME')
    expect(warning?.message).toContain('55 of 170')
    const star2 = analysis.compact?.assessments.find((a) => a.entryId === 'cyp2c19-star2')
    expect(star2).toMatchObject({ status: 'assessed', genotype: 'hom_alt', altCopies: 2 })
    expect(analysis.compact?.assessments.filter((a) => a.status === 'different_variant')).toEqual([])
    expect(analysis.strand).toMatchObject({ method: 'non_palindromic_sites', orientation: 'plus' })
  })

  test("its ancestry reads as the person's own (a British man of 1000 Genomes)", async () => {
    const analysis = await analyzeGeneticsSource(STRIPPED, { annotation: 'compact', ancestry: true })
    expect(analysis.ancestry?.closestGroup.superPopulation.code).toBe('EUR')
    expect(analysis.ancestry?.coverage).toMatchObject({ found: 169, usable: 169 })
  })

  test('a file that differs at too few sites keeps its REF, and the per-site guard keeps it safe', async () => {
    // PLINK's all-hom-ref synthetic table without its PR flag: only the two non-reference sites differ.
    const text = readFileSync(fixture('chip-vcf', 'plink19_from_23andme.vcf'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('##INFO=<ID=PR,'))
      .map((line) => line.replace(/\tPR\tGT\t/, '\t.\tGT\t'))
      .join('\n')
    const dir = tempDir()
    try {
      writeFileSync(dir.path('plink.vcf'), text)
      const analysis = await analyzeGeneticsSource(dir.path('plink.vcf'), { annotation: 'compact' })
      expect(analysis.detection.provisionalReference).toBeNull()
      expect(analysis.warnings.map((w) => w.code)).not.toContain('REF_NOT_FROM_GENOME')
      // REF=A ALT=. 0/0 where the genome has G: never "No copy", a different variant.
      const star2 = analysis.compact?.assessments.find((a) => a.entryId === 'cyp2c19-star2')
      expect(star2?.status).toBe('different_variant')
    } finally {
      dir.remove()
    }
  })

  // Real callers' VCFs and 1000 Genomes' (each file has records at catalog or panel sites to compare).
  test.each([
    ['bcf', 'synthetic_haplotypecaller_grch37.g.vcf.gz', 118],
    ['bcf', 'synthetic_variants_grch37.vcf.gz', 48],
    ['bcf', 'kidd.aisnp.1kg.train.vcf.gz', 55],
    ['ancestry', 'aisnp.1kg.train.vcf.gz', 169],
    ['catalog', 'pharmcat_positions.vcf', 20],
    ['call-quality', 'haplotypecaller_call_quality_grch38.vcf', 7],
    ['imputed', 'minimac4_topmed_grch38.vcf', 5],
  ])('a genuine VCF (%s/%s) agrees with the reference base at all its %d sites', async (dir, name, sites) => {
    const scan = await scanSource(fixture(dir as string, name as string), { targets: TARGETS })
    const build = scan.summary.build.build
    expect(compareReferenceBases(scan.calls, TARGETS, build)).toEqual({ compared: sites, mismatched: 0 })
    expect(referenceMismatchEvidence(scan.calls, TARGETS, build)).toBeNull()
  })
})

describe('the thresholds', () => {
  // Forty SNV sites with reference base A at positions 1000, 2000, ...
  const targets: HintedTarget[] = Array.from({ length: 40 }, (_, i) => ({
    key: `t${i}`,
    ref: 'A',
    alts: ['G'],
    grch37: { chrom: '1', pos: 1000 * (i + 1) },
  }))
  const callsWith = (differing: number, change: (call: SiteCall, i: number) => SiteCall = (c) => c) =>
    new Map(
      targets.map((t, i): [string, SiteCall] => {
        const call: SiteCall = {
          chrom: '1',
          pos: t.grch37!.pos,
          id: null,
          ref: i < differing ? 'G' : 'A',
          alts: [],
          alleles: ['G', 'G'],
          zygosity: 'hom_ref',
          filter: null,
        }
        return [t.key, change(call, i)]
      }),
    )

  test(`fewer than ${MIN_MISMATCHED_SITES} differing sites, or under a tenth of those compared, is not enough`, () => {
    expect(referenceMismatchEvidence(callsWith(4), targets, 'GRCh37')).toBeNull()
    expect(referenceMismatchEvidence(callsWith(5), targets, 'GRCh37')).toBe(
      'REF differs from the GRCh37 reference base at 5 of 40 catalog and panel sites',
    )
    const more: HintedTarget[] = [
      ...targets,
      ...Array.from({ length: 20 }, (_, i) => ({
        ...targets[0],
        key: `u${i}`,
        grch37: { chrom: '2', pos: i + 1 },
      })),
    ]
    const calls = callsWith(5)
    for (const t of more.slice(40)) calls.set(t.key, { ...calls.get('t39')!, chrom: '2', pos: t.grch37!.pos })
    expect(compareReferenceBases(calls, more, 'GRCh37')).toEqual({ compared: 60, mismatched: 5 })
    expect(referenceMismatchEvidence(calls, more, 'GRCh37')).toBeNull()
  })

  test('a record that only covers the site, or stands elsewhere, or an unknown build, is not compared', () => {
    const covering = callsWith(40, (call) => ({ ...call, ref: null, fromReferenceBlock: true }))
    expect(compareReferenceBases(covering, targets, 'GRCh37')).toEqual({ compared: 0, mismatched: 0 })
    const elsewhere = callsWith(40, (call) => ({ ...call, pos: call.pos - 1 }))
    expect(compareReferenceBases(elsewhere, targets, 'GRCh37').compared).toBe(0)
    expect(compareReferenceBases(callsWith(40), targets, 'unknown').compared).toBe(0)
    expect(compareReferenceBases(callsWith(40), targets, 'GRCh38').compared).toBe(0)
    // An anchored deletion's REF starts with the base at its position.
    const deletion = callsWith(0, (call) => ({ ...call, ref: 'ATT' }))
    expect(compareReferenceBases(deletion, targets, 'GRCh37')).toEqual({ compared: 40, mismatched: 0 })
  })
})
