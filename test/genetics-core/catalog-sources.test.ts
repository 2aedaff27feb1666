// Checks the committed catalog against the small public excerpts copied into test/fixtures (ClinVar
// and dbSNP VCF excerpts, the PGS Catalog chr22 scoring file, PharmCAT positions, the 1000 Genomes
// AISNP reference): wherever an entry and an excerpt name the same rsID, positions and alleles agree,
// and the ClinVar and PGS entries regenerate exactly from these files. Runs without shared/.

import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compactCatalog } from '../../genetics-core/catalog'
import { clinvarEntries } from '../../genetics-core/catalog/build/clinvar-entries'
import { pgsEntries } from '../../genetics-core/catalog/build/pgs-entries'
import { readAncestryReference } from '../../genetics-core/catalog/build/read-ancestry-reference'
import { readPgsScoringFile } from '../../genetics-core/catalog/build/read-pgs'
import { readVcfSites, siteRsids, type VcfSite } from '../../genetics-core/catalog/build/read-vcf-sites'
import { type CatalogSources, SOURCE_PATHS } from '../../genetics-core/catalog/build/sources'

const fixtures = join(import.meta.dir, '..', 'fixtures', 'genetics', 'catalog')
const read = (name: string) => readFileSync(join(fixtures, name), 'utf8')
const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1)
const catalog = compactCatalog()

const clinvar = SOURCE_PATHS.clinvar.map((path) => ({
  path,
  sites: readVcfSites(read(basename(path))).sites,
}))
const dbsnpChr22Path = 'genetics/dbsnp/dbsnp_derived_chr22_snpsift.vcf'
const dbsnp = [{ path: dbsnpChr22Path, sites: readVcfSites(read(basename(dbsnpChr22Path))).sites }]
const pgs = readPgsScoringFile(read('PGS001229_22.txt'))
const pharmcat = readVcfSites(read('pharmcat_positions.vcf')).sites
const ancestry = readAncestryReference(read('aisnp_reference_train.tsv'))

/** Just the parts of the sources that the ClinVar and PGS entries are made from. */
const fixtureSources = { clinvar, dbsnp, pgs } as unknown as CatalogSources

function sitesNaming(rsid: string, files: { path: string; sites: VcfSite[] }[]) {
  return files.flatMap((f) =>
    f.sites.filter((s) => siteRsids(s).includes(rsid)).map((site) => ({ path: f.path, site })),
  )
}

describe('catalog against the ClinVar and dbSNP excerpts', () => {
  test('every entry named in a ClinVar or dbSNP excerpt has the same GRCh37 position, REF and ALT', () => {
    let overlaps = 0
    for (const entry of catalog.entries) {
      if (!entry.rsid) continue
      for (const { site } of sitesNaming(entry.rsid, [...clinvar, ...dbsnp])) {
        overlaps++
        expect({
          id: entry.id,
          chrom: site.chrom,
          pos: site.pos,
          ref: site.ref,
          hasAlt: site.alts.includes(entry.alt),
        }).toEqual({
          id: entry.id,
          chrom: entry.grch37!.chrom,
          pos: entry.grch37!.pos,
          ref: entry.ref,
          hasAlt: true,
        })
      }
    }
    // 5 ClinVar variants (8 records across the excerpts) and 5 PGS components in the dbSNP chr22 excerpt.
    expect(overlaps).toBe(13)
  })

  test('ClinVar entries regenerate exactly from the excerpts', () => {
    const { entries, problems } = clinvarEntries(fixtureSources)
    expect(problems).toEqual([])
    const committed = catalog.entries.filter((e) => e.id.startsWith('clinvar-'))
    expect(committed).toHaveLength(5)
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
    expect(entries.sort(byId)).toEqual(structuredClone(committed).sort(byId))
  })

  test('ClinVar entries cite the accession of the newest excerpt that holds them', () => {
    const isg15 = catalog.entries.find((e) => e.id === 'clinvar-isg15-rs786201005')!
    expect(isg15.citations).toEqual([
      {
        kind: 'clinvar',
        id: 'RCV000162196.3',
        title: 'pathogenic for Immunodeficiency 38 with basal ganglia calcification',
      },
    ])
    expect(isg15.evidence.level).toBe('limited')
    expect(isg15.provenance.map((p) => `${p.source} ${p.locator}`)).toEqual([
      'shared:genetics/dbsnp/clinvar_20170404_grch37_13records.vcf line 68',
      'shared:genetics/dbsnp/clinvar_legacy_b137_43records_snpsift.vcf line 7',
      'https://github.com/dbmi-bgm/cgap-portal/blob/306bd1248b0a1f600fbfb3442b4e5749bd9c7bff/src/encoded/tests/data/sample_vcfs/test_vcf.vcf line 89',
      'https://bioconductor.org/packages/3.22/bioc/vignettes/AnnotationHub/inst/doc/AnnotationHub-HOWTO.html section 1.5 "Working with dbSNP Variants", rowRanges(variants): rs786201005 1 1014143 C T',
    ])
  })

  test('variants of uncertain, benign or conflicting significance in the excerpts are not in the catalog', () => {
    const ids = new Set(catalog.entries.map((e) => e.rsid))
    // Uncertain (2021 excerpt, RS=41285790 is likely benign), conflicting AGRN records, benign ATM.
    for (const rsid of ['rs41285790', 'rs76264143', 'rs6657048', 'rs3218681', 'rs115173026'])
      expect(ids.has(rsid)).toBe(false)
  })
})

describe('catalog against the PGS scoring file', () => {
  test('PGS entries regenerate exactly from the scoring file and the dbSNP chr22 excerpt', () => {
    const { entries, problems } = pgsEntries(fixtureSources)
    expect(problems).toEqual([])
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
    expect(entries.sort(byId)).toEqual(
      structuredClone(catalog.entries.filter((e) => e.id.startsWith('pgs001229-'))).sort(byId),
    )
  })

  test('each PGS entry uses the effect allele as ALT and the largest absolute weights', () => {
    const entries = catalog.entries.filter((e) => e.id.startsWith('pgs001229-'))
    const weights = entries.map((e) => {
      const row = pgs.rows.find((r) => r.rsid === e.rsid)!
      expect([row.chrom, row.pos, row.effectAllele, row.otherAllele]).toEqual([
        e.grch37!.chrom,
        e.grch37!.pos,
        e.alt,
        e.ref,
      ])
      return Math.abs(row.weight)
    })
    expect(Math.min(...weights)).toBeGreaterThan(0.03)
    expect(entries[0].citations[0]).toMatchObject({ kind: 'pgs', id: 'PGS001229' })
  })
})

describe('catalog against PharmCAT positions and the AISNP reference', () => {
  test('entries that cite PharmCAT positions match its GRCh38 row, REF and ALT', () => {
    const cited = catalog.entries.filter((e) =>
      e.provenance.some((p) => p.source.endsWith('pharmcat_positions.vcf')),
    )
    expect(cited).toHaveLength(20)
    for (const entry of cited) {
      const site = pharmcat.find((s) => s.id === entry.rsid)!
      expect({ chrom: site.chrom, pos: site.pos, ref: site.ref, alt: site.alts.includes(entry.alt) }).toEqual(
        {
          chrom: entry.grch38!.chrom,
          pos: entry.grch38!.pos,
          ref: entry.ref,
          alt: true,
        },
      )
    }
  })

  test('HERC2 and ALDH2 positions agree with both build columns of the AISNP reference', () => {
    for (const id of ['herc2-eye-colour', 'aldh2-star2']) {
      const entry = catalog.entries.find((e) => e.id === id)!
      const row = ancestry.get(entry.rsid!)!
      expect([row.grch37, row.grch38, row.ref, row.alt]).toEqual([
        entry.grch37!.pos,
        entry.grch38!.pos,
        entry.ref,
        entry.alt,
      ])
    }
  })
})
