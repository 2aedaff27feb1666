// analyzeGeneticsSource: one scan feeding the compact catalog and the ancestry estimate, and the
// dbSNP join for full annotation, as a job worker calls it.

import { describe, expect, test } from 'bun:test'
import type { Progress } from '../../genetics-core/index'
import { analyzeGeneticsSource, GeneticsInputError } from '../../genetics-core/index'
import { fixture } from './support/fixtures'

describe('analyzeGeneticsSource', () => {
  test('compact annotation and ancestry from one scan of a consumer file', async () => {
    const stages: Progress['stage'][] = []
    const analysis = await analyzeGeneticsSource(fixture('consumer', 'headerless_grch37_synthetic.txt'), {
      annotation: 'compact',
      ancestry: true,
      onProgress: (p) => stages.push(p.stage),
    })
    expect(analysis.detection.format).toBe('23andme')
    expect(analysis.summary.build.build).toBe('GRCh37')
    expect(analysis.compact?.build).toBe('GRCh37')
    expect(analysis.ancestry?.coverage).toMatchObject({ panelSize: 169, found: 12 })
    expect(analysis.ancestry?.assumption).toBe('variant_only')
    expect(analysis.dbsnp).toBeNull()
    expect([stages[0], stages.at(-1)]).toEqual(['detecting', 'done'])
  })

  test('full_dbsnp adds the join coverage for a VCF', async () => {
    const analysis = await analyzeGeneticsSource(fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf'), {
      annotation: 'full_dbsnp',
      dbsnpPath: fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'),
    })
    expect(analysis.dbsnp).toMatchObject({ method: 'merge_join', alleles: 66, assigned: 62 })
    expect(analysis.ancestry).toBeNull()
  })

  test('full_dbsnp on a consumer file keeps the compact result and says why there is no join', async () => {
    const analysis = await analyzeGeneticsSource(fixture('consumer', 'ftdna_illumina_sample.csv'), {
      annotation: 'full_dbsnp',
      dbsnpPath: fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'),
    })
    expect(analysis.dbsnp).toBeNull()
    expect(analysis.warnings.map((w) => w.code)).toContain('DBSNP_NOT_APPLICABLE')
    expect(analysis.compact).not.toBeNull()
  })

  test('an unknown build gives no compact findings, with a warning instead of guessed positions', async () => {
    const analysis = await analyzeGeneticsSource(fixture('vcf', 'vcf44_spec.vcf'), {
      annotation: 'compact',
      ancestry: true,
    })
    expect(analysis.compact).toBeNull()
    expect(analysis.ancestry).toBeNull()
    expect(analysis.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['BUILD_UNKNOWN', 'ANCESTRY_SKIPPED']),
    )
  })

  test('full_dbsnp without a reference path is refused', async () => {
    const error = await analyzeGeneticsSource(fixture('vcf', 'ex2.vcf'), { annotation: 'full_dbsnp' }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(GeneticsInputError)
    expect(error.code).toBe('DBSNP_REFERENCE_INVALID')
  })
})
