// A low-quality sequencing call in a few words, naming only the measures that fall short: "3 reads,
// genotype quality 7", "the variant in 5 % of the reads". The finding's notice, the analyses' caveats
// and the console's marks say it the same way. The thresholds and their basis are in
// genetics-core/catalog/call-quality.ts.

import type { GeneticFinding } from './model'

export type CallQualityFields = NonNullable<GeneticFinding['call_quality']>

/** A share of reads as a whole percentage; a share that rounds to 0 but is not 0 is "under 1 %". */
function percentText(fraction: number): string {
  const percent = Math.round(fraction * 100)
  return percent === 0 && fraction > 0 ? 'under 1 %' : `${percent} %`
}

/** True when the call has something that falls short (a null or an empty list: nothing to say). */
export function hasCallQualityConcerns(q: CallQualityFields | null | undefined): q is CallQualityFields {
  return (q?.concerns.length ?? 0) > 0
}

/**
 * What falls short, in words, or null when nothing does.
 * @example callQualityWords({ gq: 7, depth: 3, alt_fraction: 0.667, concerns: ['low_gq', 'low_depth'] })
 * // '3 reads, genotype quality 7'
 */
export function callQualityWords(q: CallQualityFields | null | undefined): string | null {
  if (!hasCallQualityConcerns(q)) return null
  const parts: string[] = []
  if (q.concerns.includes('low_depth') && q.depth !== null)
    parts.push(`${q.depth} read${q.depth === 1 ? '' : 's'}`)
  if (q.concerns.includes('low_gq') && q.gq !== null) parts.push(`genotype quality ${q.gq}`)
  if (q.concerns.includes('allele_balance') && q.alt_fraction !== null)
    parts.push(`the variant in ${percentText(q.alt_fraction)} of the reads`)
  return parts.length > 0 ? parts.join(', ') : 'below the usual quality thresholds'
}
