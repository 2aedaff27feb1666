// Which strand a consumer genotype file reports its letters on. Arrays state no REF, so a file
// exported on the minus strand turns hom-ref calls at palindromic sites (A/T, C/G, where the
// complement of one allele is the other) into hom-alt calls that look perfectly valid. The
// non-palindromic catalog and panel sites in the same file give the orientation away: there the
// letters match either the plus-strand alleles or their complements, never both. We count those
// votes, complement every call when the file is clearly on the minus strand, and withhold the
// palindromic sites when the orientation cannot be established.

import { consumerZygosity } from '../consumer/consumer-row'
import type { SiteCall, SiteTarget, SiteTargetAlleleHints } from '../types'

export type StrandOrientation = 'plus' | 'minus' | 'unknown'

/** The orientation of a file and the evidence it rests on. */
export interface StrandCall {
  orientation: StrandOrientation
  /** 'reference_allele': a VCF states REF, so its letters are on the plus strand by definition;
   * 'non_palindromic_sites': voted from consumer calls at sites whose alleles are not complements. */
  method: 'reference_allele' | 'non_palindromic_sites'
  /** Non-palindromic SNV sites with a complete call, and how they voted. */
  informativeSites: number
  plusSites: number
  minusSites: number
  /** Calls whose letters fit neither orientation (another variant, or a wrong site). */
  neitherSites: number
  /** Palindromic sites with a call: their letters say nothing about orientation. */
  palindromicSites: number
  evidence: string
}

/** Fewest informative sites on which an orientation is decided. */
export const MIN_INFORMATIVE_SITES = 3
/** Share of informative sites the winning orientation must hold. */
export const MIN_AGREEMENT = 0.9

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' }

export function complementBase(base: string): string {
  return COMPLEMENT[base] ?? base
}

/** True when an SNV's two alleles are each other's complement (A/T, C/G). */
export function isPalindromic(ref: string, alt: string): boolean {
  return ref.length === 1 && alt.length === 1 && COMPLEMENT[ref.toUpperCase()] === alt.toUpperCase()
}

export type HintedTarget = SiteTarget & SiteTargetAlleleHints

/** A single-base REF with one single-base ALT: the only sites whose letters can vote. */
function snvAlleles(target: HintedTarget): { ref: string; alt: string } | null {
  const ref = target.ref?.toUpperCase()
  const alt = target.alts?.length === 1 ? target.alts[0].toUpperCase() : undefined
  if (!ref || !alt || !COMPLEMENT[ref] || !COMPLEMENT[alt]) return null
  return { ref, alt }
}

/** True for a call read from a consumer array (letters only, no REF, not a gVCF block). */
export function isArrayCall(call: SiteCall): boolean {
  return call.ref === null && !call.fromReferenceBlock
}

function calledLetters(call: SiteCall): string[] | null {
  const letters = call.alleles.map((a) => a.toUpperCase())
  if (letters.length === 0 || letters.some((l) => !COMPLEMENT[l])) return null
  return letters
}

/**
 * Decides the strand of a consumer file's calls from its non-palindromic SNV targets.
 *
 * @example
 * const strand = inferStrand(scan.calls, [...catalogTargets(), ...ancestryTargets()])
 * if (strand.orientation === 'minus') calls = orientCalls(scan.calls, targets, strand).calls
 */
export function inferStrand(calls: ReadonlyMap<string, SiteCall>, targets: HintedTarget[]): StrandCall {
  let plus = 0
  let minus = 0
  let neither = 0
  let palindromic = 0
  for (const target of targets) {
    const call = calls.get(target.key)
    if (!call || !isArrayCall(call)) continue
    const alleles = snvAlleles(target)
    const letters = calledLetters(call)
    if (!alleles || !letters) continue
    if (isPalindromic(alleles.ref, alleles.alt)) {
      palindromic++
      continue
    }
    const onPlus = letters.every((l) => l === alleles.ref || l === alleles.alt)
    const onMinus = letters.every((l) => l === COMPLEMENT[alleles.ref] || l === COMPLEMENT[alleles.alt])
    if (onPlus) plus++
    else if (onMinus) minus++
    else neither++
  }
  const informative = plus + minus + neither
  const base = {
    method: 'non_palindromic_sites' as const,
    informativeSites: informative,
    plusSites: plus,
    minusSites: minus,
    neitherSites: neither,
    palindromicSites: palindromic,
  }
  const tally = `${plus} of ${informative} non-palindromic sites match the plus-strand alleles, ${minus} their complements`
  if (informative >= MIN_INFORMATIVE_SITES && plus >= MIN_AGREEMENT * informative)
    return { ...base, orientation: 'plus', evidence: tally }
  if (informative >= MIN_INFORMATIVE_SITES && minus >= MIN_AGREEMENT * informative)
    return { ...base, orientation: 'minus', evidence: tally }
  const why =
    informative < MIN_INFORMATIVE_SITES
      ? `only ${informative} non-palindromic ${informative === 1 ? 'site was' : 'sites were'} called (at least ${MIN_INFORMATIVE_SITES} are needed)`
      : `the sites disagree (${tally})`
  return { ...base, orientation: 'unknown', evidence: why }
}

/** A VCF states REF at every record: its letters are on the plus strand by definition. */
export function referenceAlleleStrand(): StrandCall {
  return {
    orientation: 'plus',
    method: 'reference_allele',
    informativeSites: 0,
    plusSites: 0,
    minusSites: 0,
    neitherSites: 0,
    palindromicSites: 0,
    evidence: 'the file states the reference allele of every record, so its letters are on the plus strand',
  }
}

export interface OrientedCalls {
  /** The calls with array letters on the plus strand (complemented when the file is on the minus). */
  calls: Map<string, SiteCall>
  /** Keys of palindromic array calls that cannot be read because the orientation is unknown. */
  withheld: Set<string>
}

/**
 * Puts array calls on the plus strand: complements every letter when the file is on the minus strand,
 * and lists the palindromic sites to withhold when the orientation is unknown. VCF calls pass through.
 */
export function orientCalls(
  calls: ReadonlyMap<string, SiteCall>,
  targets: HintedTarget[],
  strand: StrandCall,
): OrientedCalls {
  const out = new Map(calls)
  const withheld = new Set<string>()
  if (strand.method === 'reference_allele' || strand.orientation === 'plus') return { calls: out, withheld }
  for (const target of targets) {
    const call = calls.get(target.key)
    if (!call || !isArrayCall(call)) continue
    if (strand.orientation === 'minus') {
      const flipped = call.alleles.map((a) => COMPLEMENT[a.toUpperCase()] ?? a)
      const zygosity = call.zygosity === 'no_call' ? 'no_call' : consumerZygosity(flipped, target)
      out.set(target.key, { ...call, alleles: flipped, zygosity })
      continue
    }
    const alleles = snvAlleles(target)
    if (alleles && isPalindromic(alleles.ref, alleles.alt)) withheld.add(target.key)
  }
  return { calls: out, withheld }
}
