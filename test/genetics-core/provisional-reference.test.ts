// A VCF whose REF is not read from the genome: PLINK 1.9's `--recode vcf` of a consumer download
// (test/fixtures/genetics/chip-vcf/plink19_from_23andme.vcf, written by plink itself) flags every record
// `PR` ("provisional reference allele") and orders the alleles its own way. There a person with two copies
// of CYP2C19*2 (AA at G>A) is the record `REF=A ALT=. GT=0/0`, which read as REF said "No copy of
// CYP2C19*2"; and a het MTHFR 677 call lists the ALT base as REF, which read as REF was a different
// variant. Its calls are now read as letters, as a chip file's.

import { describe, expect, test } from 'bun:test'
import { provisionalReferenceEvidence } from '../../genetics-core/detect/provisional-reference'
import { analyzeGeneticsSource, detectSource } from '../../genetics-core/index'
import { fixture } from './support/fixtures'
import { headerOf } from './support/header-of'

const PLINK_VCF = fixture('chip-vcf', 'plink19_from_23andme.vcf')

describe('a VCF with a provisional REF (PLINK)', () => {
  test("is named by its header's INFO PR declaration", async () => {
    expect((await detectSource(PLINK_VCF)).provisionalReference).toBe(
      '##INFO PR (provisional reference allele: REF is not read from the genome)',
    )
    expect((await detectSource(fixture('vcf-shapes', 'deepvariant.vcf'))).provisionalReference).toBeNull()
    // Another caller's INFO PR means something else.
    const other = headerOf(['##INFO=<ID=PR,Number=1,Type=Integer,Description="Number of paired reads">'])
    expect(provisionalReferenceEvidence(other)).toBeNull()
  })

  test('two copies of CYP2C19*2 written REF=A ALT=. 0/0 are two copies, not "No copy"', async () => {
    const analysis = await analyzeGeneticsSource(PLINK_VCF, { annotation: 'compact' })
    expect(analysis.summary.build.build).toBe('GRCh37')
    const star2 = analysis.compact?.assessments.find((a) => a.entryId === 'cyp2c19-star2')
    expect(star2).toMatchObject({
      status: 'assessed',
      genotype: 'hom_alt',
      altCopies: 2,
      alleles: ['A', 'A'],
    })
    expect(star2?.interpretation).toStartWith('Two copies of CYP2C19*2 (no function)')
  })

  test('a het call listing the ALT base as REF is read as het, on the plus strand inferred from the file', async () => {
    const analysis = await analyzeGeneticsSource(PLINK_VCF, { annotation: 'compact' })
    const mthfr = analysis.compact?.assessments.find((a) => a.entryId === 'mthfr-c677t')
    expect(mthfr).toMatchObject({ status: 'assessed', genotype: 'het', altCopies: 1 })
    expect(analysis.strand).toMatchObject({ orientation: 'plus' })
    expect(analysis.warnings.map((w) => w.code)).not.toContain('STRAND_UNKNOWN')
  })

  test('the hom-ref sites stay hom-ref', async () => {
    const analysis = await analyzeGeneticsSource(PLINK_VCF, { annotation: 'compact' })
    const star2 = analysis.compact?.assessments.find((a) => a.entryId === 'cyp2c9-star2')
    expect(star2).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
  })
})
