// Interpretation of hand-built reader calls against the real catalog: het, hom-alt, hom-ref (never a
// finding), no-calls, a different variant at the same site, consumer calls without REF, both genome
// builds, hemizygous X, indel trimming, reference blocks and malformed input.

import { describe, expect, test } from 'bun:test'
import {
  CompactAnnotationError,
  type CompactCatalog,
  catalogEntry,
  compactCatalog,
  interpretCompact,
} from '../../genetics-core/catalog'
import type { GenomeBuild, SiteCall } from '../../genetics-core/types'

function vcfCall(
  chrom: string,
  pos: number,
  ref: string,
  alts: string[],
  alleles: string[],
  extra: Partial<SiteCall> = {},
): SiteCall {
  return { chrom, pos, id: null, ref, alts, alleles, zygosity: 'het', filter: 'PASS', ...extra }
}

function arrayCall(chrom: string, pos: number, id: string, alleles: string[]): SiteCall {
  return { chrom, pos, id, ref: null, alts: [], alleles, zygosity: 'het', filter: null }
}

function one(key: string, call: SiteCall, build: GenomeBuild) {
  const result = interpretCompact(new Map([[key, call]]), build)
  return { result, assessment: result.assessments.find((a) => a.entryId === key)! }
}

describe('VCF calls', () => {
  test('a het call at CYP2C19*2 on GRCh38 is a finding with the het wording, evidence and citations', () => {
    const call = vcfCall('10', 94781859, 'G', ['A'], ['G', 'A'], { id: 'rs4244285' })
    const { result } = one('cyp2c19-star2', call, 'GRCh38')
    expect(result.findings).toHaveLength(1)
    const finding = result.findings[0]
    expect(finding).toMatchObject({
      entryId: 'cyp2c19-star2',
      rsid: 'rs4244285',
      gene: 'CYP2C19',
      category: 'pharmacogenomic',
      observedGenotype: 'G/A',
      zygosity: 'het',
      altCopies: 1,
      matchedBy: 'rsid_and_position',
      filter: null,
      evidence: { level: 'strong' },
    })
    expect(finding.interpretation).toBe(catalogEntry('cyp2c19-star2')!.interpretation.het)
    expect(finding.citations.map((c) => c.id)).toEqual(['PMID:35034351', 'CYP2C19 *2'])
    expect(finding.provenance.length).toBeGreaterThan(2)
    expect(result.coverage).toEqual({
      entries: 39,
      assessed: 1,
      presentInSource: 1,
      notCovered: 38,
      noCall: 0,
      carriers: 1,
    })
    expect(result.catalogVersion).toBe(compactCatalog().version)
  })

  test('a hom-alt call at DPYD*2A on GRCh37 without an rsID matches by position', () => {
    const { result } = one(
      'dpyd-star2a',
      vcfCall('1', 97915614, 'C', ['T'], ['T', 'T'], { zygosity: 'hom_alt' }),
      'GRCh37',
    )
    expect(result.findings[0]).toMatchObject({
      zygosity: 'hom_alt',
      altCopies: 2,
      observedGenotype: 'T/T',
      matchedBy: 'position',
    })
    expect(result.findings[0].interpretation).toContain('CPIC advises avoiding fluoropyrimidines')
  })

  test('a hom-ref call is assessed as not a carrier and is never a finding', () => {
    const { result, assessment } = one(
      'slco1b1-521',
      vcfCall('12', 21178615, 'T', ['C'], ['T', 'T'], { zygosity: 'hom_ref' }),
      'GRCh38',
    )
    expect(result.findings).toEqual([])
    expect(assessment).toEqual({
      entryId: 'slco1b1-521',
      status: 'assessed',
      genotype: 'hom_ref',
      alleles: ['T', 'T'],
      altCopies: 0,
      interpretation: 'No copy of SLCO1B1 c.521C at this position.',
    })
    expect(result.coverage.assessed).toBe(1)
    expect(result.coverage.carriers).toBe(0)
  })

  test('hom-ref calls at every GRCh38 site give no finding at all', () => {
    const calls = new Map<string, SiteCall>()
    for (const e of compactCatalog().entries) {
      if (e.grch38)
        calls.set(
          e.id,
          vcfCall(e.grch38.chrom, e.grch38.pos, e.ref, [e.alt], [e.ref, e.ref], { zygosity: 'hom_ref' }),
        )
    }
    const result = interpretCompact(calls, 'GRCh38')
    expect(calls.size).toBe(39)
    expect(result.findings).toEqual([])
    expect(result.coverage).toMatchObject({ assessed: 39, presentInSource: 39, notCovered: 0, carriers: 0 })
    expect(result.apoe).toMatchObject({ genotype: 'e3/e3', ambiguous: false, e4Copies: 0, e2Copies: 0 })
  })

  test('a no-call is not assessed and not a finding', () => {
    const { result, assessment } = one(
      'vkorc1-1639',
      vcfCall('16', 31096368, 'C', ['T'], ['.', '.'], { zygosity: 'no_call' }),
      'GRCh38',
    )
    expect(assessment.status).toBe('no_call')
    expect(assessment.genotype).toBeUndefined()
    expect(result.findings).toEqual([])
    expect(result.coverage).toMatchObject({ assessed: 0, noCall: 1, presentInSource: 1 })
  })

  test('a half call is not comparable', () => {
    const { assessment } = one('vkorc1-1639', vcfCall('16', 31096368, 'C', ['T'], ['.', 'T']), 'GRCh38')
    expect(assessment).toMatchObject({
      status: 'not_comparable',
      reason: 'Only part of the genotype was called.',
    })
  })

  test('another ALT at the same position is a different variant, not a match', () => {
    // rs1142345 is multi-allelic: T>C defines TPMT*3C, T>G is another allele.
    const { result, assessment } = one(
      'tpmt-star3c',
      vcfCall('6', 18130687, 'T', ['G'], ['T', 'G']),
      'GRCh38',
    )
    expect(result.findings).toEqual([])
    expect(assessment).toMatchObject({
      status: 'different_variant',
      reason: 'The source has T>G here, not the catalog variant T>C.',
    })
    expect(result.notes).toContain(
      '1 site carries a different variant from the catalog entry; no interpretation is given there.',
    )
  })

  test('a 1/2 call where one ALT is the catalog variant is one copy of it, with the other ALT named', () => {
    // rs1142345 T>C defines TPMT*3C; T>G is another allele at the same base.
    const { result, assessment } = one(
      'tpmt-star3c',
      vcfCall('6', 18130687, 'T', ['C', 'G'], ['C', 'G']),
      'GRCh38',
    )
    expect(assessment).toMatchObject({
      status: 'assessed',
      genotype: 'het',
      altCopies: 1,
      alleles: ['C', 'G'],
      reason:
        'The other copy carries T>G, not the catalog variant; the interpretation speaks of T>C on one copy only.',
    })
    expect(result.findings).toHaveLength(1)
    expect(result.findings[0]).toMatchObject({ zygosity: 'het', altCopies: 1, observedGenotype: 'C/G' })
    expect(result.findings[0].interpretation).toBe(catalogEntry('tpmt-star3c')!.interpretation.het)
    expect(result.notes.join(' ')).toContain('a 1/2 genotype')
  })

  test('a record whose reference base differs from the catalog REF is not interpreted', () => {
    const { assessment } = one('cyp2c19-star2', vcfCall('10', 94781859, 'A', ['G'], ['A', 'A']), 'GRCh38')
    expect(assessment.status).toBe('different_variant')
    expect(assessment.reason).toContain('reference allele A does not match the catalog REF G')
  })

  test('a finding from a filtered record keeps its FILTER and says so in the notes', () => {
    const { result } = one(
      'cyp2c9-star3',
      vcfCall('10', 94981296, 'A', ['C'], ['A', 'C'], { filter: 'LowQual' }),
      'GRCh38',
    )
    expect(result.findings[0].filter).toBe('LowQual')
    expect(result.notes).toContain("1 finding comes from records that did not pass the source's filters.")
  })

  test('lower-case bases are compared case-insensitively', () => {
    const { result } = one('cyp2c9-star3', vcfCall('10', 94981296, 'a', ['c'], ['a', 'c']), 'GRCh38')
    expect(result.findings[0].observedGenotype).toBe('A/C')
  })

  test('a gVCF reference block covering the site counts as hom-ref, inside the block or at its start', () => {
    // Inside a block the reader places the call at the target with an unknown REF written as 'N'.
    const inside: SiteCall = {
      ...vcfCall('13', 48045719, 'C', [], ['N', 'N'], { zygosity: 'hom_ref', fromReferenceBlock: true }),
      ref: null,
    }
    expect(one('nudt15-star3', inside, 'GRCh38').assessment).toMatchObject({
      status: 'assessed',
      genotype: 'hom_ref',
      altCopies: 0,
    })
    const atStart = vcfCall('13', 48045719, 'C', [], ['C', 'C'], {
      zygosity: 'hom_ref',
      fromReferenceBlock: true,
    })
    expect(one('nudt15-star3', atStart, 'GRCh38').assessment).toMatchObject({
      status: 'assessed',
      genotype: 'hom_ref',
    })
    const maleX: SiteCall = {
      ...vcfCall('X', 154536002, 'C', [], ['N'], { zygosity: 'hom_ref', fromReferenceBlock: true }),
      ref: null,
    }
    expect(one('g6pd-a-minus-202', maleX, 'GRCh38').assessment).toMatchObject({ genotype: 'hemizygous_ref' })
  })

  test("a reference record starting at the site whose REF is not the catalog's is not read as no copy", () => {
    // PLINK writes two copies of CYP2C19*2 (G>A at 10:96541616 on GRCh37) as REF=A ALT=. GT=0/0.
    const twoCopies = vcfCall('10', 96541616, 'A', [], ['A', 'A'], {
      zygosity: 'hom_ref',
      fromReferenceBlock: true,
    })
    expect(one('cyp2c19-star2', twoCopies, 'GRCh37').assessment).toMatchObject({
      status: 'different_variant',
      reason:
        "The record states A as the reference here, where the catalog's reference is G; the source may use another build, or its REF may not be the genome's.",
    })
  })
})

describe('indels', () => {
  test('a padded insertion is trimmed and matches the ClinVar ISG15 duplication', () => {
    const padded = vcfCall('1', 949696, 'CA', ['CGA'], ['CA', 'CGA'], { id: 'rs672601345' })
    const { result } = one('clinvar-isg15-rs672601345', padded, 'GRCh37')
    expect(result.findings[0]).toMatchObject({
      zygosity: 'het',
      observedGenotype: 'CA/CGA',
      matchedBy: 'rsid_and_position',
    })
  })

  test('a different insertion at the same position is not a match', () => {
    const { assessment } = one(
      'clinvar-isg15-rs672601345',
      vcfCall('1', 949696, 'C', ['CT'], ['C', 'CT']),
      'GRCh37',
    )
    expect(assessment.status).toBe('different_variant')
  })

  test('array letters cannot be compared with an indel entry', () => {
    const { assessment } = one(
      'clinvar-isg15-rs672601345',
      arrayCall('1', 949696, 'rs672601345', ['C', 'C']),
      'GRCh37',
    )
    expect(assessment.status).toBe('not_comparable')
  })
})

describe('consumer array calls without REF', () => {
  const at = (alleles: string[]) =>
    one('cyp2c19-star2', arrayCall('10', 96541616, 'rs4244285', alleles), 'GRCh37')

  test('letters are compared with the entry REF and ALT on the plus strand', () => {
    expect(at(['A', 'G']).result.findings[0]).toMatchObject({
      zygosity: 'het',
      observedGenotype: 'A/G',
      altCopies: 1,
    })
    expect(at(['A', 'A']).result.findings[0]).toMatchObject({ zygosity: 'hom_alt', altCopies: 2 })
    expect(at(['G', 'G']).result.findings).toEqual([])
    expect(at(['G', 'G']).assessment).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
  })

  test('letters that are neither REF nor ALT are a different variant, and I/D letters are not comparable', () => {
    expect(at(['C', 'T']).assessment.status).toBe('different_variant')
    expect(at(['D', 'I']).assessment.status).toBe('not_comparable')
  })

  test('a single letter at an autosomal site is not comparable', () => {
    expect(at(['A']).assessment).toMatchObject({
      status: 'not_comparable',
      reason: 'A single allele at a site where everyone carries two copies.',
    })
  })
})

describe('genome builds', () => {
  test('the same APOE site is found by its GRCh37 position in a GRCh37 file and its GRCh38 position in a GRCh38 file', () => {
    const on37 = one('apoe-rs429358', vcfCall('19', 45411941, 'T', ['C'], ['T', 'C']), 'GRCh37')
    const on38 = one('apoe-rs429358', vcfCall('19', 44908684, 'T', ['C'], ['T', 'C']), 'GRCh38')
    expect(on37.result.findings[0].zygosity).toBe('het')
    expect(on38.result.findings[0].zygosity).toBe('het')
  })

  test('a GRCh38 coordinate read as GRCh37 is a position mismatch, not a finding', () => {
    const { result, assessment } = one(
      'apoe-rs429358',
      vcfCall('19', 44908684, 'T', ['C'], ['T', 'C']),
      'GRCh37',
    )
    expect(result.findings).toEqual([])
    expect(assessment).toMatchObject({
      status: 'position_mismatch',
      reason: 'The record is at 19:44908684, the catalog has 19:45411941 for GRCh37.',
    })
  })

  test('an entry without a position on the build is matched by rsID only', () => {
    // Every committed entry has both builds; a copy without the AGRN GRCh38 position stands for an
    // entry whose position could not be verified.
    const catalog = structuredClone(compactCatalog()) as CompactCatalog
    const agrn = catalog.entries.find((e) => e.id === 'clinvar-agrn-rs199476396')!
    agrn.grch38 = null
    agrn.positionNotes = ['GRCh38: not verified']
    const call = (id: string | null) =>
      new Map([['clinvar-agrn-rs199476396', vcfCall('1', 1050575, 'G', ['C'], ['G', 'C'], { id })]])
    const withId = interpretCompact(call('rs199476396'), 'GRCh38', catalog)
    expect(withId.findings[0]).toMatchObject({ matchedBy: 'rsid', zygosity: 'het' })
    expect(withId.notes).toContain('1 entry has no GRCh38 position and can only be matched by rsID.')
    const withoutId = interpretCompact(call(null), 'GRCh38', catalog)
    expect(withoutId.assessments.find((a) => a.entryId === agrn.id)!.status).toBe('position_mismatch')
  })

  test('the ClinVar AGRN entry without an rsID is found by its verified GRCh38 position', () => {
    const { result } = one(
      'clinvar-agrn-rs199476396',
      vcfCall('1', 1050575, 'G', ['C'], ['G', 'C']),
      'GRCh38',
    )
    expect(result.findings[0]).toMatchObject({ matchedBy: 'position', zygosity: 'het' })
    expect(result.notes.join(' ')).not.toContain('no GRCh38 position')
  })

  test('HFE H63D without an rsID is found by its GRCh38 position', () => {
    const { result } = one('hfe-h63d', vcfCall('6', 26090951, 'C', ['G'], ['C', 'G']), 'GRCh38')
    expect(result.findings[0]).toMatchObject({ matchedBy: 'position', zygosity: 'het', entryId: 'hfe-h63d' })
  })

  test('NCBI36 files are matched by rsID only and say so', () => {
    const { result } = one('cyp2c19-star2', arrayCall('10', 96531606, 'rs4244285', ['G', 'A']), 'NCBI36')
    expect(result.findings[0].matchedBy).toBe('rsid')
    expect(result.notes).toContain('The catalog has no NCBI36 positions: entries were matched by rsID only.')
  })
})

describe('hemizygous X', () => {
  test('one X carrying G6PD c.202G>A is a hemizygous finding with the hemizygous wording', () => {
    const call = vcfCall('X', 154536002, 'C', ['T'], ['T'], { zygosity: 'hemizygous' })
    const { result } = one('g6pd-a-minus-202', call, 'GRCh38')
    expect(result.findings[0]).toMatchObject({ zygosity: 'hemizygous', altCopies: 1, observedGenotype: 'T' })
    expect(result.findings[0].interpretation).toBe(
      catalogEntry('g6pd-a-minus-202')!.interpretation.hemizygousAlt!,
    )
  })

  test('one X without the variant is hemizygous reference and no finding', () => {
    const { result, assessment } = one(
      'g6pd-a-minus-202',
      vcfCall('X', 154536002, 'C', ['T'], ['C']),
      'GRCh38',
    )
    expect(result.findings).toEqual([])
    expect(assessment).toMatchObject({
      genotype: 'hemizygous_ref',
      interpretation: catalogEntry('g6pd-a-minus-202')!.interpretation.hemizygousRef,
    })
  })

  test('two X chromosomes with one variant copy get the heterozygous wording', () => {
    const { result } = one('g6pd-mediterranean', vcfCall('X', 154534419, 'G', ['A'], ['G', 'A']), 'GRCh38')
    expect(result.findings[0].zygosity).toBe('het')
    expect(result.findings[0].interpretation).toContain('activity can be normal or deficient')
  })

  test('a male consumer call on GRCh37 is matched by rsID and position, and read as hemizygous', () => {
    const { result } = one('g6pd-a-minus-202', arrayCall('X', 153764217, 'rs1050828', ['T']), 'GRCh37')
    expect(result.findings[0]).toMatchObject({ zygosity: 'hemizygous', matchedBy: 'rsid_and_position' })
  })

  test('a G6PD call without an rsID is found by its GRCh37 position', () => {
    const { result } = one('g6pd-mediterranean', vcfCall('X', 153762634, 'G', ['A'], ['A']), 'GRCh37')
    expect(result.findings[0]).toMatchObject({ zygosity: 'hemizygous', matchedBy: 'position' })
  })
})

describe('APOE genotype', () => {
  const apoe = (a: string[], b: string[]) =>
    interpretCompact(
      new Map([
        ['apoe-rs429358', vcfCall('19', 44908684, 'T', ['C'], a)],
        ['apoe-rs7412', vcfCall('19', 44908822, 'C', ['T'], b)],
      ]),
      'GRCh38',
    ).apoe

  test('is derived from both sites', () => {
    expect(apoe(['T', 'C'], ['C', 'C'])).toMatchObject({
      genotype: 'e3/e4',
      e4Copies: 1,
      e2Copies: 0,
      ambiguous: false,
    })
    expect(apoe(['T', 'T'], ['C', 'T'])).toMatchObject({ genotype: 'e2/e3', e2Copies: 1 })
    expect(apoe(['C', 'C'], ['C', 'C'])).toMatchObject({ genotype: 'e4/e4', e4Copies: 2 })
  })

  test('says when unphased data leave e2/e4 and e1/e3 open', () => {
    expect(apoe(['T', 'C'], ['C', 'T'])).toMatchObject({
      genotype: 'e2/e4',
      ambiguous: true,
      alternatives: ['e1/e3'],
    })
  })

  test('is null when either site is missing', () => {
    const result = interpretCompact(
      new Map([['apoe-rs429358', vcfCall('19', 44908684, 'T', ['C'], ['T', 'C'])]]),
      'GRCh38',
    )
    expect(result.apoe).toBeNull()
  })
})

describe('bad input', () => {
  test('calls that are not a Map and an unknown build are typed errors', () => {
    expect(() => interpretCompact({} as unknown as Map<string, SiteCall>, 'GRCh38')).toThrow(
      CompactAnnotationError,
    )
    try {
      interpretCompact(new Map(), 'hg19' as GenomeBuild)
      throw new Error('expected an error')
    } catch (error) {
      expect(error).toBeInstanceOf(CompactAnnotationError)
      expect((error as CompactAnnotationError).code).toBe('invalid_build')
    }
  })

  test('a malformed call becomes a status, not an exception', () => {
    const broken = [
      { chrom: '10', pos: Number.NaN, id: null, ref: 'G', alleles: ['G', 'A'] },
      { pos: 94781859, id: null, ref: 'G', alleles: ['G', 'A'] },
      { chrom: '10', pos: 94781859, id: null, ref: 'G' },
      null,
    ]
    for (const call of broken) {
      const { assessment } = one('cyp2c19-star2', call as unknown as SiteCall, 'GRCh38')
      expect(assessment).toMatchObject({
        status: 'not_comparable',
        reason: 'The record for this site is malformed.',
      })
    }
  })

  test('an empty call map assesses nothing and says why absent sites are unknown', () => {
    const result = interpretCompact(new Map(), 'GRCh38')
    expect(result.findings).toEqual([])
    expect(result.coverage).toEqual({
      entries: 39,
      assessed: 0,
      presentInSource: 0,
      notCovered: 39,
      noCall: 0,
      carriers: 0,
    })
    expect(result.notes[1]).toContain('In a variant-only VCF an absent site is unknown, not reference')
    expect(result.apoe).toBeNull()
  })
})
