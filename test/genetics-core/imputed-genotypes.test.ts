// Imputed VCFs (Minimac4 from the Michigan/TOPMed servers, Beagle 5): a catalog finding from an imputed
// genotype says it was imputed and with what estimated accuracy, a genotype imputed below R² 0.3 is not
// read at all (status low_imputation_quality, no finding), and a measured site in the same file stays a
// plain finding. The fixtures (test/fixtures/genetics/imputed/, SOURCES.md) are SYNTHETIC in the header
// shapes the tools write, at real catalog sites; a plain VCF with the same calls is unchanged.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { catalogEntry, interpretCompact, MIN_IMPUTATION_R2 } from '../../genetics-core/catalog'
import { analyzeGeneticsSource } from '../../genetics-core/index'
import type { SiteCall } from '../../genetics-core/types'
import { imputationFromInfo } from '../../genetics-core/vcf/imputation'
import { callFromRecord, parseVcfRecordLine } from '../../genetics-core/vcf/vcf-record'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

async function compactOf(path: string) {
  const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
  expect(analysis.compact).not.toBeNull()
  return analysis.compact!
}

const FILES = [
  {
    name: 'Minimac4 (TOPMed Imputation Server, GRCh38)',
    file: 'minimac4_topmed_grch38.vcf',
    build: 'GRCh38',
    measure: 'R2',
    imputedR2: 0.95013,
    lowR2: 0.12044,
  },
  {
    name: 'Beagle 5 (GRCh37)',
    file: 'beagle5_grch37.vcf',
    build: 'GRCh37',
    measure: 'DR2',
    imputedR2: 0.95,
    lowR2: 0.12,
  },
] as const

for (const shape of FILES) {
  describe(`an imputed VCF: ${shape.name}`, () => {
    const path = fixture('imputed', shape.file)

    test('a measured site gives a plain finding; an imputed one says it was imputed, with its R²', async () => {
      const compact = await compactOf(path)
      expect(compact.build).toBe(shape.build)
      const byId = new Map(compact.findings.map((f) => [f.entryId, f]))
      // MTHFR: TYPED (Minimac) / no IMP (Beagle): genotyped, so measured.
      expect(byId.get('mthfr-c677t')).toMatchObject({ zygosity: 'het', imputation: null })
      // CYP2C9*2 in the Minimac file: TYPED_ONLY (genotyped, not imputed, no R2).
      if (shape.measure === 'R2') expect(byId.get('cyp2c9-star2')).toMatchObject({ imputation: null })
      // CYP2C19*2: IMPUTED / IMP with an accuracy of 0.95.
      expect(byId.get('cyp2c19-star2')).toMatchObject({
        zygosity: 'het',
        imputation: { imputed: true, r2: shape.imputedR2, measure: shape.measure },
      })
      const imputedNote = compact.notes.find((n) => n.includes('imputed genotype'))
      expect(imputedNote).toBe(
        '1 finding rests on an imputed genotype: estimated from a reference panel, not measured, and an estimate can be wrong. A measured (clinical-grade) test confirms it before anything is done about it.',
      )
    })

    test('an imputed genotype below R² 0.3 is not called: no finding, low_imputation_quality with a reason', async () => {
      const compact = await compactOf(path)
      expect(compact.findings.map((f) => f.entryId)).not.toContain('slco1b1-521')
      const low = compact.assessments.find((a) => a.entryId === 'slco1b1-521')!
      expect(low.status).toBe('low_imputation_quality')
      expect(low.genotype).toBeUndefined()
      expect(low.alleles).toBeUndefined()
      expect(low.interpretation).toBeUndefined()
      expect(low.reason).toContain(`${shape.measure} = ${shape.lowR2}`)
      expect(low.reason).toContain('A measured genotype at this site would answer it.')
      expect(compact.notes).toContain(
        '1 catalog site was imputed with an estimated accuracy (R²) below 0.3, the usual quality cut-off for imputed genotypes, and is not interpreted: at that accuracy the genotype is close to a guess. A measured genotype there would answer it.',
      )
      // Not read, so not counted as assessed either.
      expect(compact.coverage.assessed).toBe(
        compact.assessments.filter((a) => a.status === 'assessed').length,
      )
    })

    test('an imputed hom-ref call is still only "not a carrier", marked imputed', async () => {
      const compact = await compactOf(path)
      const vkorc1 = compact.assessments.find((a) => a.entryId === 'vkorc1-1639')!
      expect(vkorc1).toMatchObject({ status: 'assessed', genotype: 'hom_ref', imputation: { imputed: true } })
      expect(compact.findings.map((f) => f.entryId)).not.toContain('vkorc1-1639')
    })

    test('the same calls in a plain VCF read as before: no imputation, no imputation notes', async () => {
      // Strip the imputation fields: INFO to '.', their header lines dropped.
      const plain = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => !/^##INFO=<ID=(R2|ER2|IMPUTED|TYPED|TYPED_ONLY|DR2|IMP),/.test(line))
        .map((line) => {
          if (line.startsWith('#') || line === '') return line
          const cols = line.split('\t')
          cols[7] = '.'
          return cols.join('\t')
        })
        .join('\n')
      const plainPath = tmp.path(`plain-${shape.file}`)
      writeFileSync(plainPath, plain)
      const compact = await compactOf(plainPath)
      for (const f of compact.findings) expect(f.imputation).toBeNull()
      for (const a of compact.assessments) expect(a.imputation).toBeUndefined()
      expect(compact.assessments.find((a) => a.entryId === 'slco1b1-521')?.status).toBe('assessed')
      expect(compact.findings.map((f) => f.entryId)).toContain('slco1b1-521')
      expect(compact.notes.some((n) => n.includes('imput'))).toBe(false)
    })
  })
}

describe('reading the imputation status from INFO', () => {
  test('Minimac: IMPUTED imputed; TYPED and TYPED_ONLY measured; R2 without the flags (older minimac) imputed', () => {
    expect(imputationFromInfo('AF=0.1;MAF=0.1;R2=0.95;IMPUTED')).toEqual({
      imputed: true,
      r2: 0.95,
      measure: 'R2',
    })
    expect(imputationFromInfo('AF=0.1;MAF=0.1;R2=0.99;ER2=0.98;TYPED')).toEqual({
      imputed: false,
      r2: 0.99,
      measure: 'R2',
    })
    expect(imputationFromInfo('AF=0.1;MAF=0.1;TYPED_ONLY')).toEqual({
      imputed: false,
      r2: null,
      measure: 'R2',
    })
    expect(imputationFromInfo('AF=0.1;MAF=0.1;R2=0.41')).toEqual({ imputed: true, r2: 0.41, measure: 'R2' })
  })

  test('Beagle: IMP imputed; DR2 without IMP measured; DR2 per ALT follows the called ALT', () => {
    expect(imputationFromInfo('DR2=0.95;AF=0.14;IMP')).toEqual({ imputed: true, r2: 0.95, measure: 'DR2' })
    expect(imputationFromInfo('DR2=1.00;AF=0.31')).toEqual({ imputed: false, r2: 1, measure: 'DR2' })
    // Number=A: a 0/2 call is read at the second ALT's accuracy, a 0/0 call at the lowest.
    expect(imputationFromInfo('DR2=0.90,0.20;AF=0.1,0.01;IMP', [2])?.r2).toBe(0.2)
    expect(imputationFromInfo('DR2=0.90,0.20;AF=0.1,0.01;IMP', [1])?.r2).toBe(0.9)
    expect(imputationFromInfo('DR2=0.90,0.20;AF=0.1,0.01;IMP', [])?.r2).toBe(0.2)
  })

  test('numbers that do not parse give r2 null; files without the fields give nothing', () => {
    expect(imputationFromInfo('R2=.;IMPUTED')).toEqual({ imputed: true, r2: null, measure: 'R2' })
    expect(imputationFromInfo('R2=high;IMPUTED')?.r2).toBeNull()
    expect(imputationFromInfo('DR2=-0.5;IMP')?.r2).toBeNull()
    expect(imputationFromInfo('IMPUTED')).toEqual({ imputed: true, r2: null, measure: 'R2' })
    expect(imputationFromInfo('DP=30;AF=0.5;MQ=60')).toBeUndefined()
    expect(imputationFromInfo('.')).toBeUndefined()
    // Keys that only start like the tools' keys are other keys.
    expect(imputationFromInfo('R2X=0.1;IMPUTEDNESS=1;DR2_SOMETHING=0.1')).toBeUndefined()
  })

  test('callFromRecord carries it; a plain record has no imputation', () => {
    const imputed = parseVcfRecordLine(
      'chr10\t94781859\tchr10:94781859:G:A\tG\tA\t.\tPASS\tAF=0.14;MAF=0.14;R2=0.95;IMPUTED\tGT:DS\t1|0:0.962',
    )!
    expect(callFromRecord(imputed, 0).imputation).toEqual({ imputed: true, r2: 0.95, measure: 'R2' })
    const plain = parseVcfRecordLine('chr10\t94781859\trs4244285\tG\tA\t50\tPASS\tDP=30\tGT\t0/1')!
    expect(callFromRecord(plain, 0)).not.toHaveProperty('imputation')
  })
})

describe('the cut-off and an unknown accuracy', () => {
  const entry = catalogEntry('cyp2c19-star2')!
  const call = (imputation: SiteCall['imputation']): SiteCall => ({
    chrom: '10',
    pos: entry.grch38!.pos,
    id: null,
    ref: entry.ref,
    alts: [entry.alt],
    alleles: [entry.ref, entry.alt],
    zygosity: 'het',
    filter: 'PASS',
    imputation,
  })
  const interpret = (imputation: SiteCall['imputation']) =>
    interpretCompact(new Map([[entry.id, call(imputation)]]), 'GRCh38')

  test(`the cut-off is ${MIN_IMPUTATION_R2}: at it the genotype is read, just below it is not`, () => {
    expect(MIN_IMPUTATION_R2).toBe(0.3)
    expect(interpret({ imputed: true, r2: 0.3, measure: 'R2' }).findings).toHaveLength(1)
    const below = interpret({ imputed: true, r2: 0.299, measure: 'R2' })
    expect(below.findings).toHaveLength(0)
    expect(below.assessments.find((a) => a.entryId === entry.id)?.status).toBe('low_imputation_quality')
  })

  test('a measured call with a low R2 (TYPED) is read: the cut-off is for imputed genotypes only', () => {
    const result = interpret({ imputed: false, r2: 0.1, measure: 'R2' })
    expect(result.findings).toHaveLength(1)
    expect(result.findings[0].imputation).toBeNull()
  })

  test('an imputed call without an accuracy is kept, marked, and the note says the file gives none', () => {
    const result = interpret({ imputed: true, r2: null, measure: 'R2' })
    expect(result.findings).toHaveLength(1)
    expect(result.findings[0].imputation).toEqual({ imputed: true, r2: null, measure: 'R2' })
    const note = result.notes.find((n) => n.includes('imputed genotype'))!
    expect(note).toContain('The file gives no estimate of its accuracy.')
    expect(note).toContain('A measured (clinical-grade) test confirms it')
  })

  test('an APOE genotype derived from imputed sites says so', () => {
    const site = (id: string, alleles: string[], imputation?: SiteCall['imputation']): [string, SiteCall] => {
      const e = catalogEntry(id)!
      return [
        id,
        {
          chrom: '19',
          pos: e.grch38!.pos,
          id: null,
          ref: e.ref,
          alts: [e.alt],
          alleles,
          zygosity: alleles[0] === alleles[1] ? 'hom_ref' : 'het',
          filter: 'PASS',
          ...(imputation ? { imputation } : {}),
        },
      ]
    }
    const measured = interpretCompact(
      new Map([site('apoe-rs429358', ['T', 'C']), site('apoe-rs7412', ['C', 'C'])]),
      'GRCh38',
    )
    expect(measured.apoe?.genotype).toBe('e3/e4')
    expect(measured.apoe?.note).not.toContain('imputed')
    const imputed = interpretCompact(
      new Map([
        site('apoe-rs429358', ['T', 'C'], { imputed: true, r2: 0.9, measure: 'R2' }),
        site('apoe-rs7412', ['C', 'C']),
      ]),
      'GRCh38',
    )
    expect(imputed.apoe?.genotype).toBe('e3/e4')
    expect(imputed.apoe?.note).toContain('Derived from imputed genotypes')
    // A flag beside the note, so readers of the stored genotype need not parse its wording.
    expect(imputed.apoe?.imputed).toBe(true)
    expect(measured.apoe?.imputed).toBeUndefined()
  })
})
