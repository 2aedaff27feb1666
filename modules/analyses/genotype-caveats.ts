// What an analysis says beside a genotype that was not measured cleanly: imputed (estimated from a
// reference panel by an imputation tool), a call the file's own FILTER did not pass, or a sequencing
// call of low quality on its own measures (few reads, a low genotype quality, a share of variant reads
// unlike an inherited genotype). Highlights, cross-links, the APOE genotype and everything built on them
// (plans, dashboards, answers) carry the sentence, because a highlight is read away from
// GET /genetics/findings, whose `notice` says it there. Findings measured cleanly read exactly as
// before: no caveat.

import { callQualityWords } from '../genetics/call-quality-words'
import type { GeneticFindingInput } from './inputs'

type Caveated = Pick<
  GeneticFindingInput,
  'gene' | 'rsid' | 'label' | 'imputed' | 'imputation_r2' | 'filter'
> &
  Partial<Pick<GeneticFindingInput, 'call_quality'>>

/**
 * Who confirms it: a measured genotype for an imputed or filtered one; for a call that was measured but
 * weakly, a clinical-grade test.
 */
const confirmer = (f: Pick<Caveated, 'imputed' | 'filter'>) =>
  f.imputed || f.filter ? 'a measured (clinical-grade) test' : 'a clinical-grade test'

/**
 * An accuracy estimate as people read it: two decimals, rounded down, so 0.997 never reads as a
 * certain 1.00 (the epsilon keeps 0.29 from flooring to 0.28).
 */
export const r2Text = (r2: number) => (Math.floor(r2 * 100 + 1e-9) / 100).toFixed(2)

const accuracy = (r2: number | null) =>
  r2 === null ? 'the file gave no accuracy estimate' : `estimated accuracy R² ${r2Text(r2)}`

/** How a site is named in a sentence: gene and rsID when known, else the catalog label. */
const subject = (f: Caveated) => (f.rsid ? `${f.gene ? `${f.gene} ` : ''}${f.rsid}` : f.label)

/**
 * The caveat on one finding, or null when it was measured and passed the file's filter.
 * @example genotypeCaveat({ gene: 'CYP2C19', rsid: 'rs4244285', imputed: true, imputation_r2: 0.95, … })
 * // 'The CYP2C19 rs4244285 genotype was imputed from a reference panel, not measured (estimated accuracy R² 0.95), so it can be wrong; a measured (clinical-grade) test confirms it.'
 */
export function genotypeCaveat(f: Caveated): string | null {
  const weakCall = callQualityWords(f.call_quality)
  const what = [
    f.imputed ? `was imputed from a reference panel, not measured (${accuracy(f.imputation_r2)})` : null,
    f.filter ? `did not pass the file's own quality filter (FILTER ${f.filter})` : null,
    weakCall ? `rests on a low-quality sequencing call (${weakCall})` : null,
  ].filter((part): part is string => part !== null)
  if (what.length === 0) return null
  return `The ${subject(f)} genotype ${what.join(', and ')}, so it can be wrong; ${confirmer(f)} confirms it.`
}

/** A finding's interpretation with its caveat after it (unchanged when there is none). */
export function withCaveat(f: Caveated & { interpretation: string }): string {
  const caveat = genotypeCaveat(f)
  return caveat ? `${f.interpretation} ${caveat}` : f.interpretation
}

/**
 * The caveat on an APOE genotype derived from its two sites: which of them were imputed (with their
 * accuracy) or filtered. `imputedElsewhere`: the genetics job said the genotype rests on imputed sites
 * that left no carrier finding (a reference call has none), so which site and how accurate is unknown.
 */
export function apoeCaveat(sites: Caveated[], imputedElsewhere: boolean): string | null {
  const imputed = sites.filter((f) => f.imputed)
  const filtered = sites.filter((f) => f.filter)
  const weak = sites.filter((f) => callQualityWords(f.call_quality) !== null)
  const parts = [
    ...imputed.map((f) => `${f.rsid ?? f.label} imputed, ${accuracy(f.imputation_r2)}`),
    ...filtered.map((f) => `${f.rsid ?? f.label} FILTER ${f.filter}, not PASS`),
    ...weak.map((f) => `${f.rsid ?? f.label} a low-quality call, ${callQualityWords(f.call_quality)}`),
  ]
  const fromImputed = imputed.length > 0 || imputedElsewhere
  if (!fromImputed && filtered.length === 0 && weak.length === 0) return null
  const what = fromImputed
    ? 'was derived from imputed genotypes (estimated from a reference panel), not measured ones'
    : filtered.length > 0
      ? "rests on a call the file's own quality filter did not pass"
      : 'rests on a low-quality sequencing call'
  const test =
    fromImputed || filtered.length > 0 ? 'a measured (clinical-grade) test' : 'a clinical-grade test'
  return `This APOE genotype ${what}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}, so it can be wrong; ${test} confirms it.`
}

/**
 * The caveat in a few words, for a one-line summary (the health context's genotype highlights).
 * @example shortCaveat({ imputed: true, imputation_r2: 0.82, filter: null, … })
 * // 'imputed, not measured (estimated accuracy R² 0.82); a measured test confirms it'
 */
export function shortCaveat(
  f: Pick<Caveated, 'imputed' | 'imputation_r2' | 'filter' | 'call_quality'>,
): string | null {
  const weakCall = callQualityWords(f.call_quality)
  const parts = [
    f.imputed ? `imputed, not measured (${accuracy(f.imputation_r2)})` : null,
    f.filter ? `did not pass the file's quality filter (FILTER ${f.filter})` : null,
    weakCall ? `a low-quality call (${weakCall})` : null,
  ].filter((part): part is string => part !== null)
  if (parts.length === 0) return null
  return `${parts.join('; ')}; ${f.imputed || f.filter ? 'a measured test' : 'a clinical-grade test'} confirms it`
}
