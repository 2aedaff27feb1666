// A VCF whose REF column is not the genome's, found from its data when its header does not say so
// (detect/provisional-reference.ts reads PLINK's own declaration). A VCF's REF begins with the reference
// genome's base at POS whatever the strand, the caller or the variant, so a file from a careful tool
// never disagrees with the catalog's and the panel's reference bases. Files converted from chip letters
// without a genome do: PLINK's output with its PR flag stripped (`bcftools annotate -x INFO/PR`), old
// gtc2vcf runs without a FASTA (the probe's TOP-strand A/B alleles), home-made converters that write the
// first letter of the genotype as REF. Read as REF, their records say "different variant" or worse; read
// as letters, as a chip's (strand/letters-only.ts), they say what the person carries.

import type { HintedTarget } from '../strand/strand-orientation'
import type { GenomeBuild, SiteCall } from '../types'

/**
 * Fewest sites whose REF differs before a file is judged, and the share of compared sites they must
 * make up. A genuine file differs nowhere; one stray site (a catalog slip, a patched base) must not turn
 * a sequencing VCF into letters, which would cost it its reference-block and strand certainty.
 */
export const MIN_MISMATCHED_SITES = 5
export const MIN_MISMATCHED_SHARE = 0.1

export interface ReferenceComparison {
  /** Catalog and panel sites (each position once) where the file has a record starting there. */
  compared: number
  /** Of those, sites where the record's REF does not begin with the reference base. */
  mismatched: number
}

const BASES = new Set(['A', 'C', 'G', 'T'])

/** Compares each record's REF with the reference base of the target at its position. */
export function compareReferenceBases(
  calls: ReadonlyMap<string, SiteCall>,
  targets: HintedTarget[],
  build: GenomeBuild | 'unknown',
): ReferenceComparison {
  const seen = new Set<string>()
  let mismatched = 0
  if (build !== 'GRCh37' && build !== 'GRCh38') return { compared: 0, mismatched }
  for (const target of targets) {
    const site = target[build === 'GRCh37' ? 'grch37' : 'grch38']
    const reference = target.ref?.[0]?.toUpperCase()
    const call = calls.get(target.key)
    // A record that only covers the site (a gVCF block begun earlier) states no REF here: ref is null.
    if (!site || !reference || !BASES.has(reference) || !call?.ref || call.pos !== site.pos) continue
    const base = call.ref[0].toUpperCase()
    const key = `${site.chrom}:${site.pos}`
    if (!BASES.has(base) || seen.has(key)) continue
    seen.add(key)
    if (base !== reference) mismatched++
  }
  return { compared: seen.size, mismatched }
}

/**
 * What shows that a VCF's REF is not the genome's, or null: enough catalog and panel sites whose REF
 * differs from the reference base.
 *
 * @example
 * referenceMismatchEvidence(scan.calls, targets, 'GRCh37')
 * // 'REF differs from the GRCh37 reference base at 31 of 170 catalog and panel sites'
 */
export function referenceMismatchEvidence(
  calls: ReadonlyMap<string, SiteCall>,
  targets: HintedTarget[],
  build: GenomeBuild | 'unknown',
): string | null {
  const { compared, mismatched } = compareReferenceBases(calls, targets, build)
  if (mismatched < MIN_MISMATCHED_SITES || mismatched < MIN_MISMATCHED_SHARE * compared) return null
  return `REF differs from the ${build} reference base at ${mismatched} of ${compared} catalog and panel sites`
}
