// Checks the committed compact catalog itself: it validates, holds the entries other parts of the
// service depend on (APOE for the LDL/ApoB link, the key pharmacogenes, HFE, factor V Leiden, LCT),
// and every entry says where it came from.

import { describe, expect, test } from 'bun:test'
import type { CatalogEntry, CompactCatalog } from '../../genetics-core/catalog'
import { catalogEntry, catalogTargets, compactCatalog, validateCatalog } from '../../genetics-core/catalog'

const catalog = compactCatalog()

function copyWith(change: (entries: CatalogEntry[]) => void): CompactCatalog {
  const copy = structuredClone(catalog) as CompactCatalog
  change(copy.entries)
  return copy
}

describe('the committed compact catalog', () => {
  test('passes its own validation', () => {
    expect(validateCatalog(catalog)).toEqual([])
  })

  test('has 39 entries: 19 pharmacogenomic, 10 clinical, 10 trait', () => {
    const counts: Record<string, number> = {}
    for (const e of catalog.entries) counts[e.category] = (counts[e.category] ?? 0) + 1
    expect(catalog.entries).toHaveLength(39)
    expect(counts).toEqual({ pharmacogenomic: 19, clinical: 10, trait: 10 })
    expect(catalog.version).toMatch(/^1\.0\.0\+[0-9a-f]{12}$/)
  })

  test('carries both APOE sites on both builds with the alleles that define e2 and e4', () => {
    expect(catalogEntry('apoe-rs429358')).toMatchObject({
      rsid: 'rs429358',
      ref: 'T',
      alt: 'C',
      grch37: { chrom: '19', pos: 45411941 },
      grch38: { chrom: '19', pos: 44908684 },
    })
    expect(catalogEntry('apoe-rs7412')).toMatchObject({
      rsid: 'rs7412',
      ref: 'C',
      alt: 'T',
      grch37: { chrom: '19', pos: 45412079 },
      grch38: { chrom: '19', pos: 44908822 },
    })
  })

  test('carries the key pharmacogenomic variants with CPIC guideline citations', () => {
    const expected: [string, string, string][] = [
      ['cyp2c19-star2', 'rs4244285', 'PMID:35034351'],
      ['cyp2c19-star17', 'rs12248560', 'PMID:35034351'],
      ['cyp2c9-star3', 'rs1057910', 'PMID:35152405'],
      ['vkorc1-1639', 'rs9923231', 'Clin Pharmacol Ther 2017;102(3):397-404'],
      ['slco1b1-521', 'rs4149056', 'PMID:35152405'],
      ['dpyd-star2a', 'rs3918290', 'PMID:29152729'],
      ['tpmt-star3c', 'rs1142345', 'PMID:30447069'],
      ['nudt15-star3', 'rs116855232', 'PMID:30447069'],
      ['g6pd-a-minus-202', 'rs1050828', 'PMID:36049896'],
    ]
    for (const [id, rsid, guideline] of expected) {
      const entry = catalogEntry(id)
      expect(entry?.rsid).toBe(rsid)
      expect(entry?.category).toBe('pharmacogenomic')
      expect(entry?.evidence.level).toBe('strong')
      expect(entry?.citations.filter((c) => c.kind === 'cpic_guideline').map((c) => c.id)).toContain(
        guideline,
      )
    }
  })

  test('keeps GRCh38 positions equal to PharmCAT and GRCh37 positions of the curated PGx variants', () => {
    expect(catalogEntry('cyp2c19-star2')).toMatchObject({
      grch37: { chrom: '10', pos: 96541616 },
      grch38: { chrom: '10', pos: 94781859 },
    })
    expect(catalogEntry('dpyd-star2a')).toMatchObject({
      grch37: { chrom: '1', pos: 97915614 },
      grch38: { chrom: '1', pos: 97450058 },
    })
    expect(catalogEntry('hfe-c282y')).toMatchObject({
      grch37: { chrom: '6', pos: 26093141 },
      grch38: { chrom: '6', pos: 26092913 },
    })
    expect(catalogEntry('f5-leiden')).toMatchObject({
      grch37: { chrom: '1', pos: 169519049 },
      grch38: { chrom: '1', pos: 169549811 },
    })
    expect(catalogEntry('lct-13910')).toMatchObject({
      grch37: { chrom: '2', pos: 136608646 },
      grch38: { chrom: '2', pos: 135851076 },
    })
  })

  test('has a position on both builds for every entry, so no reason note is left', () => {
    for (const e of catalog.entries) {
      expect({
        id: e.id,
        grch37: e.grch37 !== null,
        grch38: e.grch38 !== null,
        notes: e.positionNotes,
      }).toEqual({ id: e.id, grch37: true, grch38: true, notes: [] })
    }
    expect(catalogEntry('clinvar-agrn-rs199476396')).toMatchObject({
      grch37: { chrom: '1', pos: 985955 },
      grch38: { chrom: '1', pos: 1050575 },
    })
  })

  test('gives G6PD, HFE H63D and MTHFR C677T positions on both builds, each with its provenance', () => {
    const expected: Record<string, [number, number, string]> = {
      'g6pd-a-minus-202': [153764217, 154536002, 'sbslee/pypgx'],
      'g6pd-mediterranean': [153762634, 154534419, 'sbslee/pypgx'],
      'hfe-h63d': [26091179, 26090951, 'bihealth/auto-acmg'],
      'mthfr-c677t': [11856378, 11796321, 'sbslee/pypgx'],
    }
    for (const [id, [grch37, grch38, documented]] of Object.entries(expected)) {
      const e = catalogEntry(id)!
      expect([e.grch37?.pos, e.grch38?.pos]).toEqual([grch37, grch38])
      expect(e.positionNotes).toEqual([])
      expect(e.provenance.some((p) => p.source.includes(documented))).toBe(true)
    }
  })

  test('words two DPYD decreased-function alleles as CPIC does: half the starting dose, not avoidance', () => {
    for (const id of ['dpyd-c2846', 'dpyd-hapb3']) {
      const homAlt = catalogEntry(id)!.interpretation.homAlt
      expect(homAlt).toContain('activity score 1')
      expect(homAlt).toContain('half the usual dose')
      expect(homAlt).not.toMatch(/alternative|avoid|strongly reduced/)
    }
  })

  test('gives hemizygous wording to every X-linked entry', () => {
    const xLinked = catalog.entries.filter((e) => (e.grch38 ?? e.grch37)?.chrom === 'X')
    expect(xLinked.map((e) => e.id)).toEqual(['g6pd-a-minus-202', 'g6pd-mediterranean'])
    for (const e of xLinked) {
      expect(e.interpretation.hemizygousAlt).toContain('single X chromosome carries')
      expect(e.interpretation.hemizygousRef).toContain('single X chromosome does not carry')
    }
  })

  test('records provenance for every entry as a shipped file or a public https page', () => {
    for (const e of catalog.entries) {
      expect(e.provenance.length).toBeGreaterThan(0)
      for (const p of e.provenance) expect(p.source).toMatch(/^(shared:genetics\/|https:\/\/)/)
    }
    const sources = new Set(catalog.sources.map((s) => s.path))
    for (const e of catalog.entries) {
      for (const p of e.provenance.filter((p) => p.source.startsWith('shared:'))) {
        expect(sources.has(p.source.slice('shared:'.length))).toBe(true)
      }
    }
  })

  test('never words a hom-ref genotype as carrying the variant', () => {
    for (const e of catalog.entries) {
      expect(e.interpretation.homRef).not.toMatch(/^(One|Two) cop(y|ies) of/)
      expect(e.interpretation.het).toMatch(/one|One/)
    }
  })

  test('gives the reader one target per entry, keyed by entry id, with both positions and allele hints', () => {
    const targets = catalogTargets()
    expect(targets).toHaveLength(catalog.entries.length)
    expect(new Set(targets.map((t) => t.key)).size).toBe(catalog.entries.length)
    expect(targets.find((t) => t.key === 'apoe-rs7412')).toEqual({
      key: 'apoe-rs7412',
      ref: 'C',
      alts: ['T'],
      rsid: 'rs7412',
      grch37: { chrom: '19', pos: 45412079 },
      grch38: { chrom: '19', pos: 44908822 },
    })
    expect(targets.find((t) => t.key === 'clinvar-agrn-rs199476396')?.grch38).toEqual({
      chrom: '1',
      pos: 1050575,
    })
    expect(targets.find((t) => t.key === 'hfe-h63d')?.grch38).toEqual({ chrom: '6', pos: 26090951 })
  })

  test('cannot be changed by a caller', () => {
    expect(() => {
      ;(catalog.entries[0] as { gene: string | null }).gene = 'X'
    }).toThrow()
    expect(catalog.entries[0].gene).toBe('ABCG2')
  })
})

describe('catalog validation', () => {
  test('reports duplicate ids, REF equal to ALT, bad positions and missing citations', () => {
    const broken = copyWith((entries) => {
      entries[1].id = entries[0].id
      entries[2].alt = entries[2].ref
      entries[3].grch37 = { chrom: '10', pos: -5 }
      entries[4].citations = []
    })
    const problems = validateCatalog(broken)
    expect(problems).toContain(`duplicate id ${catalog.entries[0].id}`)
    expect(problems).toContain(`entry ${catalog.entries[2].id}: REF equals ALT`)
    expect(problems).toContain(`entry ${catalog.entries[3].id}: GRCh37 position must be a positive integer`)
    expect(problems).toContain(`entry ${catalog.entries[4].id}: no citation`)
  })

  test('reports an invented-looking citation id and a null position without a reason', () => {
    const broken = copyWith((entries) => {
      entries[0].citations = [{ kind: 'pmid', id: 'PMC123' }]
      entries[1].grch37 = null
      entries[1].positionNotes = []
    })
    const problems = validateCatalog(broken)
    expect(problems).toContain(`entry ${catalog.entries[0].id}: citation id PMC123 is not a valid pmid id`)
    expect(problems).toContain(`entry ${catalog.entries[1].id}: a null position needs a note saying why`)
  })
})
