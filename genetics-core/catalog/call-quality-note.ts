// The note a catalog result carries when findings rest on weak sequencing calls: how many, what falls
// short in them (only the measures that do), and that a clinical-grade test confirms them first. The
// findings themselves are kept; each carries its own `callQuality`.

import { HET_ALT_FRACTION, HOM_ALT_MIN_FRACTION, MIN_GENOTYPE_QUALITY, MIN_READ_DEPTH } from './call-quality'
import type { CallQualityConcern, CompactFinding } from './types'

const percent = (fraction: number) => Math.round(fraction * 100)

const CONCERN_WORDS: Record<CallQualityConcern, string> = {
  low_gq: `genotype quality below ${MIN_GENOTYPE_QUALITY}`,
  low_depth: `fewer than ${MIN_READ_DEPTH} reads`,
  allele_balance: `a share of reads showing the variant unlike an inherited genotype (outside ${percent(HET_ALT_FRACTION.min)}-${percent(HET_ALT_FRACTION.max)} % for a het, below ${percent(HOM_ALT_MIN_FRACTION)} % for two copies)`,
}

const ORDER: CallQualityConcern[] = ['low_gq', 'low_depth', 'allele_balance']

/** The note, or null when no finding has a call-quality concern. */
export function callQualityNote(findings: CompactFinding[]): string | null {
  const weak = findings.filter((f) => (f.callQuality?.concerns.length ?? 0) > 0)
  if (weak.length === 0) return null
  const present = new Set(weak.flatMap((f) => f.callQuality?.concerns ?? []))
  const what = ORDER.filter((c) => present.has(c)).map((c) => CONCERN_WORDS[c])
  const listed = what.length > 1 ? `${what.slice(0, -1).join(', ')} or ${what[what.length - 1]}` : what[0]
  const one = weak.length === 1
  const them = one ? 'it' : 'them'
  return `${weak.length} ${one ? 'finding rests on a sequencing call' : 'findings rest on sequencing calls'} of low quality: ${listed}. Such a call can be wrong; a clinical-grade test should confirm ${them} before anything is done about ${them}.`
}
