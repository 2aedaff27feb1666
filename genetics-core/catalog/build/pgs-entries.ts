// Catalog entries for the largest weights of the shipped PGS Catalog scoring file (PGS001229, chr22,
// GRCh37). Only variants that the shipped dbSNP chr22 excerpt confirms at the same position, with
// the PGS effect allele as dbSNP ALT and the other allele as REF, are taken, so hom-ref means "no
// copy of the effect allele". One weight of a polygenic score says very little on its own, and the
// wording says so. GRCh38 positions come from the hand-verified table in verified-grch38.ts.

import type { CatalogEntry } from '../types'
import { makeEntry } from './make-entry'
import { siteRsids } from './read-vcf-sites'
import { type CatalogSources, SOURCE_PATHS, sharedSource } from './sources'
import { VERIFIED_GRCH38, type VerifiedPosition, verifiedGrch38 } from './verified-grch38'

/** How many PGS components the catalog carries: enough to exercise the path, not a score. */
export const PGS_COMPONENTS = 5

const DBSNP_CHR22 = 'genetics/dbsnp/dbsnp_derived_chr22_snpsift.vcf'

/** Why a component has no GRCh38 position when verified-grch38.ts has none for it. */
export const PGS_NO_GRCH38 =
  'GRCh38: the PGS scoring file and the dbSNP excerpt are GRCh37 only and no GRCh38 position was verified.'

export function pgsEntries(
  sources: CatalogSources,
  verified: readonly VerifiedPosition[] = VERIFIED_GRCH38,
): { entries: CatalogEntry[]; problems: string[] } {
  const problems: string[] = []
  const { meta, rows } = sources.pgs
  if (meta.genome_build !== 'GRCh37') {
    problems.push(`PGS file genome_build is ${meta.genome_build}, expected GRCh37`)
    return { entries: [], problems }
  }
  const dbsnp = sources.dbsnp.find((f) => f.path === DBSNP_CHR22)
  if (!dbsnp) {
    problems.push(`${DBSNP_CHR22} is not among the dbSNP sources`)
    return { entries: [], problems }
  }
  const byRsid = new Map(dbsnp.sites.flatMap((s) => siteRsids(s).map((rs) => [rs, s] as const)))
  const confirmed = rows.flatMap((row) => {
    const site = byRsid.get(row.rsid)
    const ok =
      site &&
      site.chrom === row.chrom &&
      site.pos === row.pos &&
      site.ref === row.otherAllele &&
      site.alts.length === 1 &&
      site.alts[0] === row.effectAllele &&
      /^[ACGT]$/.test(row.effectAllele) &&
      /^[ACGT]$/.test(row.otherAllele)
    return ok ? [{ row, site }] : []
  })
  confirmed.sort(
    (a, b) => Math.abs(b.row.weight) - Math.abs(a.row.weight) || (a.row.rsid < b.row.rsid ? -1 : 1),
  )
  const scoreTitle = `${meta.trait_reported} (${meta.pgs_name}); ${meta.citation}`
  const entries = confirmed.slice(0, PGS_COMPONENTS).map(({ row, site }) => {
    const w = row.weight.toPrecision(4)
    const w2 = (2 * row.weight).toPrecision(4)
    const id = `${meta.pgs_id.toLowerCase()}-${row.rsid}`
    const grch38 = verifiedGrch38(
      id,
      { rsid: row.rsid, chrom: row.chrom, ref: row.otherAllele, alt: row.effectAllele },
      verified,
    )
    problems.push(...grch38.problems)
    const about = `score ${meta.pgs_id} for ${meta.trait_reported?.toLowerCase()}, which sums ${meta.variants_number} weighted variants`
    return makeEntry({
      id,
      rsid: row.rsid,
      gene: null,
      label: `${meta.pgs_id} component ${row.rsid}`,
      category: 'trait',
      ref: row.otherAllele,
      alt: row.effectAllele,
      grch37: { chrom: row.chrom, pos: row.pos },
      grch38: grch38.position,
      positionNotes: grch38.position ? [] : [PGS_NO_GRCH38],
      interpretation: {
        homRef: `No copy of effect allele ${row.effectAllele}; this variant leaves the polygenic ${about}, unchanged.`,
        het: `One copy of effect allele ${row.effectAllele}, which changes the polygenic ${about}, by ${w}. A single variant of such a score says almost nothing about the trait by itself.`,
        homAlt: `Two copies of effect allele ${row.effectAllele}, which change the polygenic ${about}, by ${w2}. A single variant of such a score says almost nothing about the trait by itself.`,
      },
      evidence: {
        level: 'limited',
        summary: `One of the largest weights on chromosome 22 of polygenic score ${meta.pgs_id}; negligible on its own.`,
      },
      citations: [{ kind: 'pgs', id: meta.pgs_id, title: scoreTitle }],
      provenance: [
        {
          source: sharedSource(SOURCE_PATHS.pgs),
          locator: `line ${row.line}`,
          note: `${row.rsid} ${row.chrom}:${row.pos} effect ${row.effectAllele}, other ${row.otherAllele}, weight ${row.weight}`,
        },
        {
          source: sharedSource(DBSNP_CHR22),
          locator: `line ${site.line}`,
          note: `GRCh37 ${site.chrom}:${site.pos} ${site.ref}>${site.alts.join(',')} agrees with the scoring file`,
        },
        ...grch38.provenance,
      ],
    })
  })
  return { entries, problems }
}
