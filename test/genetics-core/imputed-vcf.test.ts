// An imputed VCF (Michigan / TOPMed Imputation Server, Beagle) lists every site of a reference panel, most of
// which anyone carries as reference, so a woman's heterozygous share of X calls is a few percent: as low
// as a man's on a sequencing VCF. Such a file is named by its header, and its genetic sex is not read from
// that share: X calls written with one allele (as the servers write a man's X) say one X, anything else
// leaves sex unknown. Before, a woman's imputed file was read as a man's and her heterozygous G6PD A- call
// was set aside as an artefact.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { imputedVcfEvidence } from '../../genetics-core/detect/imputed-vcf'
import { analyzeGeneticsSource, detectSource, inferGeneticSex } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'
import { headerOf } from './support/header-of'
import { imputedVcfText } from './support/imputed-vcf'
import { sexCounts } from './support/sex-counts'

const tmp = tempDir()
afterAll(() => tmp.remove())

/** The imputed file written to a file of the test's folder. */
function imputedVcf(name: string, x: 'woman' | 'man'): string {
  const path = tmp.path(name)
  writeFileSync(path, imputedVcfText(x))
  return path
}

describe('an imputed VCF is named by its header', () => {
  test("the Imputation Server's Minimac output and Beagle's", async () => {
    expect((await detectSource(fixture('imputed', 'minimac4_topmed_grch38.vcf'))).imputedEvidence).toBe(
      '##imputation=minimac4-1.0.2',
    )
    expect((await detectSource(fixture('imputed', 'beagle5_grch37.vcf'))).imputedEvidence).toBe(
      '##INFO DR2 and IMP (Beagle)',
    )
    const minimac = headerOf([
      '##INFO=<ID=R2,Number=1,Type=Float,Description="Estimated Imputation Accuracy (R-square)">',
      '##INFO=<ID=IMPUTED,Number=0,Type=Flag,Description="Marker was imputed but NOT genotyped">',
    ])
    expect(imputedVcfEvidence(minimac)).toBe('##INFO R2 with IMPUTED/TYPED (Minimac)')
  })

  test('a sequencing VCF is not, nor one that only declares an R2 of its own', async () => {
    expect((await detectSource(fixture('vcf-shapes', 'deepvariant.vcf'))).imputedEvidence).toBeNull()
    const r2Only = headerOf(['##INFO=<ID=R2,Number=1,Type=Float,Description="some caller\'s R2">'])
    expect(imputedVcfEvidence(r2Only)).toBeNull()
  })
})

describe('genetic sex of an imputed VCF', () => {
  test("a woman's file (10 % of her X calls heterozygous, no Y): unknown, not male, and her G6PD A- call is read", async () => {
    const analysis = await analyzeGeneticsSource(imputedVcf('woman.vcf', 'woman'), { annotation: 'compact' })
    expect(analysis.geneticSex.sex).toBe('unknown')
    expect(analysis.geneticSex.evidence).toEndWith(
      "the X calls are imputed with two alleles, and over an imputation panel's sites, most of which anyone carries as reference, the heterozygous share does not tell one X chromosome from two",
    )
    const g6pd = analysis.compact?.findings.find((f) => f.rsid === 'rs1050828')
    expect(g6pd?.interpretation).toStartWith('One of two X chromosomes carries G6PD c.202G>A')
  })

  test("a man's file (X calls written with one allele): male", async () => {
    const analysis = await analyzeGeneticsSource(imputedVcf('man.vcf', 'man'), { annotation: 'compact' })
    expect(analysis.geneticSex.sex).toBe('male')
    expect(analysis.geneticSex.evidence).toEndWith(
      'imputed X calls written with one allele, as imputation writes one X',
    )
  })

  test('the rule on counts: one allele on nine in ten X calls says one X; fewer, or hets, say nothing', () => {
    const sex = (xHet: number, xHom: number, xHaploid: number) =>
      inferGeneticSex(sexCounts({ xHet, xHom, xHaploid }), 'imputed').sex
    expect(sex(0, 100, 900)).toBe('male')
    expect(sex(0, 101, 899)).toBe('unknown')
    expect(sex(30, 0, 970)).toBe('unknown')
    expect(sex(0, 1000, 0)).toBe('unknown')
    expect(sex(300, 2700, 0)).toBe('unknown')
  })
})
