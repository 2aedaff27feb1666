// Builds the SiteCall map the reader engine would hand over for a training person, from their ALT
// dosages: VCF-style calls (REF stated) at the panel positions of the chosen build. Lets scripts and
// tests run estimateAncestry end to end on labelled genotypes.

import type { GenomeBuild, SiteCall } from '../../types'
import type { PanelMarker } from '../model-file'
import { ancestryTargetKey } from '../targets'

export function siteCallsFromDosages(
  markers: readonly PanelMarker[],
  dosages: ArrayLike<number>,
  build: Exclude<GenomeBuild, 'NCBI36'> = 'GRCh37',
): Map<string, SiteCall> {
  const calls = new Map<string, SiteCall>()
  markers.forEach((marker, m) => {
    const dosage = dosages[m]
    const alleles =
      dosage === 0
        ? [marker.ref, marker.ref]
        : dosage === 1
          ? [marker.ref, marker.alt]
          : [marker.alt, marker.alt]
    calls.set(ancestryTargetKey(marker), {
      chrom: marker.chrom,
      pos: build === 'GRCh37' ? marker.grch37 : marker.grch38,
      id: marker.rsid,
      ref: marker.ref,
      alts: [marker.alt],
      alleles,
      zygosity: dosage === 0 ? 'hom_ref' : dosage === 1 ? 'het' : 'hom_alt',
      filter: 'PASS',
    })
  })
  return calls
}
