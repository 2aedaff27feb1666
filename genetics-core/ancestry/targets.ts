// The sites the reader engine should collect for the ancestry estimate: every panel marker with its
// rsID and its GRCh37 and GRCh38 positions, keyed 'ancestry:<rsID>' so the keys cannot collide with
// other callers' targets when the engine scans for several at once.

import type { SiteTarget, SiteTargetAlleleHints } from '../types'
import type { PanelMarker } from './model-file'
import { shippedModelFile } from './shipped-model'

const KEY_PREFIX = 'ancestry:'

export function ancestryTargetKey(marker: PanelMarker): string {
  return `${KEY_PREFIX}${marker.rsid}`
}

/** Panel markers with their REF/ALT, which also let the strand of a consumer file be voted on. */
export function ancestryTargets(): (SiteTarget & SiteTargetAlleleHints)[] {
  return shippedModelFile().markers.map((marker) => ({
    key: ancestryTargetKey(marker),
    rsid: marker.rsid,
    ref: marker.ref,
    alts: [marker.alt],
    grch37: { chrom: marker.chrom, pos: marker.grch37 },
    grch38: { chrom: marker.chrom, pos: marker.grch38 },
  }))
}
