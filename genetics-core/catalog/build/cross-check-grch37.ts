// Checks a GRCh37 position against every shipped dbSNP and ClinVar excerpt that names the same rsID:
// the excerpts must agree on chromosome, position and REF, and list the ALT. Agreements become
// provenance; disagreements become build problems.

import type { GenomicPosition, Provenance } from '../types'
import { siteRsids } from './read-vcf-sites'
import { type NamedVcf, sharedSource } from './sources'

export function crossCheckGrch37(
  entryId: string,
  rsid: string | null,
  position: GenomicPosition | null,
  ref: string,
  alt: string,
  excerpts: NamedVcf[],
): { provenance: Provenance[]; problems: string[] } {
  const provenance: Provenance[] = []
  const problems: string[] = []
  if (!rsid) return { provenance, problems }
  for (const file of excerpts) {
    for (const site of file.sites) {
      if (!siteRsids(site).includes(rsid)) continue
      const where = `${sharedSource(file.path)} line ${site.line}`
      if (!position) {
        problems.push(
          `${entryId}: ${where} places ${rsid} at ${site.chrom}:${site.pos} but the entry has no GRCh37 position`,
        )
        continue
      }
      const samePlace = site.chrom === position.chrom && site.pos === position.pos
      if (!samePlace || site.ref !== ref || !site.alts.includes(alt)) {
        problems.push(
          `${entryId}: ${where} has ${rsid} at ${site.chrom}:${site.pos} ${site.ref}>${site.alts.join(',')}, entry has ${position.chrom}:${position.pos} ${ref}>${alt}`,
        )
        continue
      }
      provenance.push({
        source: sharedSource(file.path),
        locator: `line ${site.line}`,
        note: `GRCh37 ${site.chrom}:${site.pos} ${site.ref}>${site.alts.join(',')} agrees with the entry`,
      })
    }
  }
  return { provenance, problems }
}
