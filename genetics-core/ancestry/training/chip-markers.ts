// Which panel markers a genotyping chip carries, for scoring the model as a chip's customers would use
// it. The list is read from a chip manifest or, just as well, from a raw download of that chip: any text
// whose lines start with an rsID (23andMe and AncestryDNA downloads, one rsID per line), '#' comments
// and header lines ignored. Only the rsID matters, so a download's genotypes are never read.
// When no such list is at hand, random marker sets of a chip-like size stand in for one.

import type { PanelMarker } from '../model-file'
import { createSeededRandom, shuffleInPlace } from '../seeded-random'
import type { MarkerSubset } from './cross-validate'

/** Panel indices (ascending) of the markers whose rsID starts a line of `text`. */
export function panelMarkersListed(text: string, markers: readonly PanelMarker[]): number[] {
  const listed = new Set<string>()
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) continue
    const first = line.split(/[\t ,]/, 1)[0]?.trim()
    if (first && /^rs\d+$/.test(first)) listed.add(first)
  }
  return markers.flatMap((marker, m) => (listed.has(marker.rsid) ? [m] : []))
}

/**
 * `draws` random marker sets of each size, the same for the same seed: a stand-in for a chip whose
 * marker list is not known, showing what a chip carrying that many panel markers could expect.
 */
export function randomMarkerSubsets(
  markerCount: number,
  sizes: readonly number[],
  draws: number,
  seed: number,
): MarkerSubset[] {
  const random = createSeededRandom(seed)
  return sizes.flatMap((size) =>
    Array.from({ length: draws }, (_, draw) => ({
      name: `${size} random markers, draw ${draw + 1}`,
      markers: shuffleInPlace(
        Array.from({ length: markerCount }, (_, m) => m),
        random,
      )
        .slice(0, size)
        .sort((a, b) => a - b),
    })),
  )
}
