// Known marker positions in three builds, used to decide a file's build when its header does not say
// (headerless 23andMe exports, VCFs without ##reference or contig lengths). A marker votes for every
// build whose position equals the one in the file; one build must take at least 90 % of the votes.

import { canonicalChromosome, chromosomeCode } from '../normalize/chromosome'
import { positionKey } from '../scan/lookup-tables'
import type { BuildCall, GenomeBuild } from '../types'
import { KNOWN_MARKER_ROWS } from './known-markers.data'

export interface KnownMarker {
  rsid: string
  rs: number
  chrom: string
  positions: Partial<Record<GenomeBuild, number>>
}

const BUILD_COLUMNS: [GenomeBuild, number][] = [
  ['NCBI36', 2],
  ['GRCh37', 3],
  ['GRCh38', 4],
]

export const KNOWN_MARKERS: readonly KnownMarker[] = KNOWN_MARKER_ROWS.map((row) => {
  const positions: Partial<Record<GenomeBuild, number>> = {}
  for (const [build, column] of BUILD_COLUMNS)
    if ((row[column] as number) > 0) positions[build] = row[column] as number
  return { rsid: row[0], rs: Number(row[0].slice(2)), chrom: row[1], positions }
})

const BY_RS = new Map(KNOWN_MARKERS.map((m) => [m.rs, m]))
const BY_POSITION = new Map<string, [GenomeBuild, KnownMarker][]>()
for (const m of KNOWN_MARKERS) {
  for (const [build, pos] of Object.entries(m.positions) as [GenomeBuild, number][]) {
    const key = `${m.chrom}:${pos}`
    const list = BY_POSITION.get(key) ?? []
    list.push([build, m])
    BY_POSITION.set(key, list)
  }
}

/** rs numbers of all known markers (for lookup tables). */
export function knownMarkerRsNumbers(): number[] {
  return KNOWN_MARKERS.map((m) => m.rs)
}

/** Position keys of all known markers in every build (for files whose build is still unknown). */
export function knownMarkerPositionKeys(): number[] {
  const keys: number[] = []
  for (const m of KNOWN_MARKERS) {
    const code = chromosomeCode(m.chrom)
    for (const pos of Object.values(m.positions)) keys.push(positionKey(code, pos))
  }
  return keys
}

/** Collects votes while a file is read. */
export class KnownMarkerVotes {
  private readonly votes = new Map<GenomeBuild, number>()
  private readonly examples = new Map<GenomeBuild, string>()
  private total = 0

  /** A record or row with this rsID sits at chrom:pos in the file. */
  offer(rs: number, chrom: string, pos: number): void {
    const marker = BY_RS.get(rs)
    if (!marker || canonicalChromosome(chrom) !== marker.chrom) return
    this.total++
    for (const [build, known] of Object.entries(marker.positions) as [GenomeBuild, number][]) {
      if (known !== pos) continue
      this.votes.set(build, (this.votes.get(build) ?? 0) + 1)
      if (!this.examples.has(build)) this.examples.set(build, `${marker.rsid} at ${marker.chrom}:${pos}`)
    }
  }

  /** A record without an rsID at chrom:pos: votes for every build that has a known marker there. */
  offerPosition(chrom: string, pos: number): void {
    const markers = BY_POSITION.get(`${canonicalChromosome(chrom)}:${pos}`)
    if (!markers) return
    this.total++
    for (const [build, marker] of markers) {
      this.votes.set(build, (this.votes.get(build) ?? 0) + 1)
      if (!this.examples.has(build)) this.examples.set(build, `${marker.rsid} at ${marker.chrom}:${pos}`)
    }
  }

  /** The build the votes support, or null when there are none or they disagree. */
  decide(): BuildCall | null {
    if (this.total === 0) return null
    let best: GenomeBuild | null = null
    let bestVotes = 0
    for (const [build, n] of this.votes) {
      if (n > bestVotes) {
        best = build
        bestVotes = n
      }
    }
    if (best === null || bestVotes < 0.9 * this.total) return null
    return {
      build: best,
      method: 'known_positions',
      evidence: `${bestVotes} of ${this.total} known markers at ${best} positions (e.g. ${this.examples.get(best)})`,
    }
  }

  get markersSeen(): number {
    return this.total
  }
}
