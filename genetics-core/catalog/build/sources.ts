// Loads the public source files the catalog is built from (under shared/data/genetics) and records
// a SHA-256 of each, so the catalog says exactly which inputs produced it.

import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { CatalogSourceFile } from '../types'
import { type AncestryReferenceRow, readAncestryReference } from './read-ancestry-reference'
import { type GwasRow, readGwasExport } from './read-gwas'
import { type PgsScore, readPgsScoringFile } from './read-pgs'
import { type PharmcatNamedAllele, readPharmcatTranslation } from './read-pharmcat-alleles'
import { readVcfSites, type VcfSite } from './read-vcf-sites'

/** Paths under shared/data. */
export const SOURCE_PATHS = {
  pharmcatPositions: 'genetics/catalog/pharmcat/pharmcat_positions.vcf',
  pharmcatAlleleDir: 'genetics/catalog/pharmcat/alleles',
  gwas: 'genetics/catalog/gwas/gwascatalog.20130907.tsv.gz',
  pgs: 'genetics/catalog/pgs/PGS001229_22.txt',
  ancestryReference: 'genetics/ancestry/aisnp_reference_train.tsv',
  /** Newest first: the first file holding a variant gives its accession and review status. */
  clinvar: [
    'genetics/dbsnp/clinvar_20210302_grch37_10records.vcf',
    'genetics/dbsnp/clinvar_20170404_grch37_13records.vcf',
    'genetics/dbsnp/clinvar_legacy_b137_43records_snpsift.vcf',
  ],
  dbsnp: [
    'genetics/dbsnp/dbsnp_b144_grch37p13_chr1_head582.vcf',
    'genetics/dbsnp/dbsnp_b146_grch37p13_66records.vcf',
    'genetics/dbsnp/dbsnp_b151_grch37_brca1.vcf',
    'genetics/dbsnp/dbsnp_derived_chr22_snpsift.vcf',
  ],
} as const

/** PharmCAT translation files read to check named alleles (genes of the curated facts). */
export const PHARMCAT_TRANSLATION_GENES = [
  'ABCG2',
  'CYP2C19',
  'CYP4F2',
  'NUDT15',
  'SLCO1B1',
  'TPMT',
  'UGT1A1',
  'VKORC1',
]

export interface NamedVcf {
  path: string
  sites: VcfSite[]
}

export interface CatalogSources {
  pharmcatPositions: VcfSite[]
  pharmcatAlleles: Map<string, PharmcatNamedAllele[]>
  gwas: Map<string, GwasRow[]>
  pgs: PgsScore
  ancestryReference: Map<string, AncestryReferenceRow>
  clinvar: NamedVcf[]
  dbsnp: NamedVcf[]
  files: CatalogSourceFile[]
}

/** Resolves shared/ the way every test and script does: SHARED_DIR, else ../shared beside the repo. */
export function sharedDataDir(repoRoot: string): string {
  return join(process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared'), 'data')
}

export function sourcesAvailable(dataDir: string): boolean {
  return (
    existsSync(join(dataDir, SOURCE_PATHS.pharmcatPositions)) && existsSync(join(dataDir, SOURCE_PATHS.gwas))
  )
}

export function loadCatalogSources(dataDir: string): CatalogSources {
  const files: CatalogSourceFile[] = []
  const read = (path: string): Buffer => {
    const bytes = readFileSync(join(dataDir, path))
    files.push({ path, sha256: createHash('sha256').update(bytes).digest('hex') })
    return bytes
  }
  const text = (path: string) => read(path).toString('utf8')

  const pharmcatAlleles = new Map<string, PharmcatNamedAllele[]>()
  for (const gene of PHARMCAT_TRANSLATION_GENES) {
    const parsed = readPharmcatTranslation(text(`${SOURCE_PATHS.pharmcatAlleleDir}/${gene}_translation.json`))
    pharmcatAlleles.set(gene, parsed.alleles)
  }
  const sources: CatalogSources = {
    pharmcatPositions: readVcfSites(text(SOURCE_PATHS.pharmcatPositions)).sites,
    pharmcatAlleles,
    gwas: readGwasExport(gunzipSync(read(SOURCE_PATHS.gwas)).toString('utf8')),
    pgs: readPgsScoringFile(text(SOURCE_PATHS.pgs)),
    ancestryReference: readAncestryReference(text(SOURCE_PATHS.ancestryReference)),
    clinvar: SOURCE_PATHS.clinvar.map((path) => ({ path, sites: readVcfSites(text(path)).sites })),
    dbsnp: SOURCE_PATHS.dbsnp.map((path) => ({ path, sites: readVcfSites(text(path)).sites })),
    files,
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return sources
}

/** The provenance name of a shipped file. */
export function sharedSource(path: string): string {
  return `shared:${path}`
}
