// The hand-verified GRCh38 positions of the ClinVar and PGS entries (build/verified-grch38.ts): each
// equals its source, read from small excerpts of those sources in test/fixtures; the committed entries
// carry them with their provenance; an entry without one keeps its written reason (and the catalog
// refuses it without one); and a GRCh38 VCF without rsIDs finds all ten entries by position.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { compactCatalog, validateCatalog } from '../../genetics-core/catalog'
import { clinvarEntries, NO_GRCH38 } from '../../genetics-core/catalog/build/clinvar-entries'
import { PGS_NO_GRCH38, pgsEntries } from '../../genetics-core/catalog/build/pgs-entries'
import { readPgsScoringFile } from '../../genetics-core/catalog/build/read-pgs'
import { readVcfSites } from '../../genetics-core/catalog/build/read-vcf-sites'
import { type CatalogSources, SOURCE_PATHS } from '../../genetics-core/catalog/build/sources'
import { VERIFIED_GRCH38, type VerifiedPosition } from '../../genetics-core/catalog/build/verified-grch38'
import type { CompactCatalog } from '../../genetics-core/catalog/types'
import { analyzeGeneticsSource } from '../../genetics-core/index'
import { tempDir } from './support/fixtures'

const fixtures = join(import.meta.dir, '..', 'fixtures', 'genetics', 'catalog')
const read = (...parts: string[]) => readFileSync(join(fixtures, ...parts), 'utf8')
const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1)
const catalog = compactCatalog()

const pgs = readPgsScoringFile(read('PGS001229_22.txt'))
const fixtureSources = {
  clinvar: SOURCE_PATHS.clinvar.map((path) => ({ path, sites: readVcfSites(read(basename(path))).sites })),
  dbsnp: [
    {
      path: 'genetics/dbsnp/dbsnp_derived_chr22_snpsift.vcf',
      sites: readVcfSites(read('dbsnp_derived_chr22_snpsift.vcf')).sites,
    },
  ],
  pgs,
} as unknown as CatalogSources

/** The ten entries and the GRCh38 positions their sources give (see verified-grch38.ts). */
const EXPECTED: Record<string, [string, number]> = {
  'clinvar-isg15-rs786201005': ['1', 1014143],
  'clinvar-isg15-rs672601345': ['1', 1014316],
  'clinvar-isg15-rs672601312': ['1', 1014359],
  'clinvar-agrn-rs756623659': ['1', 1022225],
  'clinvar-agrn-rs199476396': ['1', 1050575],
  'pgs001229-rs35665085': ['22', 17145025],
  'pgs001229-rs9680797': ['22', 20426009],
  'pgs001229-rs2298428': ['22', 21628603],
  'pgs001229-rs77885044': ['22', 28105426],
  'pgs001229-rs13057352': ['22', 46699338],
}

function verified(rsid: string): VerifiedPosition {
  return VERIFIED_GRCH38.find((v) => v.rsid === rsid)!
}

describe('verified GRCh38 positions against their sources', () => {
  test('the cgap-portal GRCh38 VCF gives four ClinVar positions with the same REF and ALT', () => {
    const excerpt = read('grch38', 'cgap_test_vcf_grch38_excerpt.vcf')
    expect(excerpt).toContain('GRCh38_full_analysis_set_plus_decoy_hla.fa')
    const sites = readVcfSites(excerpt).sites
    expect(sites).toHaveLength(4)
    for (const site of sites) {
      const v = verified(site.id!)
      expect([v.chrom, v.pos, v.ref, v.alt]).toEqual([site.chrom, site.pos, site.ref, site.alts[0]])
      expect(site.info.get('CLNHGVS')).toBe(`NC_000001.11:g.${site.pos}${site.ref}>${site.alts[0]}`)
      expect(v.checks.some((c) => c.source.includes('dbmi-bgm/cgap-portal/blob/306bd124'))).toBe(true)
    }
  })

  test('the harmonized PGS001229 GRCh38 file gives each component, paired by its unique weight', () => {
    const rows = read('grch38', 'PGS001229_hmPOS_GRCh38_excerpt.txt')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
    const components = catalog.entries.filter((e) => e.id.startsWith('pgs001229-'))
    expect(components).toHaveLength(5)
    for (const entry of components) {
      const grch37 = pgs.rows.find((r) => r.rsid === entry.rsid)!
      const [chrom, pos, effect, other] = rows.find((r) => Number(r[4]) === grch37.weight)!
      const v = verified(entry.rsid!)
      expect([v.chrom, v.pos, v.alt, v.ref]).toEqual([chrom, Number(pos), effect, other])
      expect([effect, other]).toEqual([grch37.effectAllele, grch37.otherAllele])
    }
    const tiny = readVcfSites(read('grch38', 'tiny1000G_grch38_excerpt.vcf')).sites[0]
    expect([tiny.chrom, tiny.pos, tiny.ref, tiny.alts[0]]).toEqual(['22', 46699338, 'C', 'A'])
  })

  test('the ISG15 insertion has the REF/ALT of the GRCh37 entry and names the GRCh38 VCF it was read from', () => {
    const v = verified('rs672601345')
    expect([v.chrom, v.pos, v.ref, v.alt]).toEqual(['1', 1014316, 'C', 'CG'])
    expect(v.checks[0].note).toContain('AH57960')
    expect(v.checks[0].note).toContain('"GRCh38", "dbSNP", "VCF"')
  })

  test('every verified position keeps the entry REF and ALT and has at least one https source', () => {
    expect(VERIFIED_GRCH38).toHaveLength(10)
    for (const v of VERIFIED_GRCH38) {
      const entry = catalog.entries.find((e) => e.rsid === v.rsid && e.alt === v.alt)!
      expect([entry.ref, entry.alt, entry.grch37!.chrom]).toEqual([v.ref, v.alt, v.chrom])
      expect(v.checks.length).toBeGreaterThan(0)
      for (const c of v.checks) expect(c.source).toStartWith('https://')
    }
  })
})

describe('the committed ClinVar and PGS entries', () => {
  test('carry the verified GRCh38 position with its sources and no reason note', () => {
    for (const [id, [chrom, pos]] of Object.entries(EXPECTED)) {
      const e = catalog.entries.find((x) => x.id === id)!
      expect(e.grch38).toEqual({ chrom, pos })
      expect(e.positionNotes).toEqual([])
      for (const check of verified(e.rsid!).checks) expect(e.provenance).toContainEqual(check)
    }
  })

  test('every entry of the catalog now has a position on both builds', () => {
    for (const e of catalog.entries) {
      expect({ id: e.id, grch37: e.grch37 !== null, grch38: e.grch38 !== null }).toEqual({
        id: e.id,
        grch37: true,
        grch38: true,
      })
    }
  })
})

describe('entries without a verified GRCh38 position', () => {
  test('keep their written reason, and the catalog is refused once the reason is removed', () => {
    const clinvar = clinvarEntries(fixtureSources, [])
    const components = pgsEntries(fixtureSources, [])
    expect([...clinvar.problems, ...components.problems]).toEqual([])
    for (const e of clinvar.entries) expect([e.grch38, e.positionNotes]).toEqual([null, [NO_GRCH38]])
    for (const e of components.entries) expect([e.grch38, e.positionNotes]).toEqual([null, [PGS_NO_GRCH38]])

    const entries = [...clinvar.entries, ...components.entries]
    const withReasons: CompactCatalog = { version: '1.0.0+000000000000', sources: [], entries }
    expect(validateCatalog(withReasons)).toEqual([])
    const withoutReasons = structuredClone(withReasons)
    for (const e of withoutReasons.entries) e.positionNotes = []
    expect(validateCatalog(withoutReasons)).toEqual(
      entries.map((e) => `entry ${e.id}: a null position needs a note saying why`),
    )
  })

  test('a verified position whose REF or chromosome differs from the entry is reported, not written', () => {
    const wrong = VERIFIED_GRCH38.map((v) =>
      v.rsid === 'rs786201005' ? { ...v, ref: 'G' } : v.rsid === 'rs2298428' ? { ...v, chrom: '21' } : v,
    )
    const clinvar = clinvarEntries(fixtureSources, wrong)
    expect(clinvar.problems).toEqual([
      "clinvar-isg15-rs786201005: GRCh38 REF G differs from the entry's REF C",
    ])
    expect(clinvar.entries.find((e) => e.rsid === 'rs786201005')!.grch38).toBeNull()
    const components = pgsEntries(fixtureSources, wrong)
    expect(components.problems).toEqual([
      'pgs001229-rs2298428: verified GRCh38 chromosome 21 differs from 22',
    ])
  })
})

describe('a GRCh38 VCF without rsIDs', () => {
  const dir = tempDir()
  afterAll(() => dir.remove())

  test('reports all ten entries, each found by its GRCh38 position', async () => {
    const records = Object.keys(EXPECTED).map((id) => {
      const e = catalog.entries.find((x) => x.id === id)!
      const [chrom, pos] = EXPECTED[id]
      return [chrom, pos, '.', e.ref, e.alt, '50', 'PASS', '.', 'GT', '0/1'].join('\t')
    })
    records.sort((a, b) => {
      const [ca, pa] = a.split('\t')
      const [cb, pb] = b.split('\t')
      return Number(ca) - Number(cb) || Number(pa) - Number(pb)
    })
    const path = dir.path('grch38_no_rsids.vcf')
    writeFileSync(
      path,
      [
        '##fileformat=VCFv4.2',
        '##contig=<ID=1,length=248956422>',
        '##contig=<ID=22,length=50818468>',
        '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
        ...records,
        '',
      ].join('\n'),
    )
    const analysis = await analyzeGeneticsSource(path, { annotation: 'compact' })
    expect(analysis.compact?.build).toBe('GRCh38')
    const found = analysis.compact!.findings.map((f) => [f.entryId, f.matchedBy, f.zygosity])
    expect(found.sort()).toEqual(
      Object.keys(EXPECTED)
        .map((id) => [id, 'position', 'het'])
        .sort(),
    )
    expect(analysis.compact!.coverage).toMatchObject({ presentInSource: 10, carriers: 10 })
    expect(analysis.compact!.notes.join(' ')).not.toContain('no GRCh38 position')
  })
})
