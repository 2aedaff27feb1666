// Turns the engine's calls at the panel markers into ALT-allele counts, deciding for every marker
// whether it is usable, unknown or assumed homozygous reference, and counting why markers were left
// out. Calls are compared with the panel's REF/ALT letters on the plus strand, the way every source
// reports them after normalisation.

import type { SiteCall } from '../types'
import type { CompiledAncestryModel } from './compiled-model'
import { AncestryError } from './errors'
import type { MarkerObservations } from './observations'
import { ancestryTargetKey } from './targets'
import type { AncestryCoverage, AncestryOptions } from './types'

export interface InterpretedCalls {
  observations: MarkerObservations
  coverage: AncestryCoverage
  /** True when the calls come from a consumer array (no REF stated), which lists markers explicitly. */
  consumerArray: boolean
  /** Markers read as hom-ref from a gVCF reference block covering them. */
  fromReferenceBlocks: number
  /** Markers found at a position other than the panel's for the stated build (matched by rsID). */
  positionDiffers: number
}

type MarkerOutcome =
  | 'usable'
  | 'noCall'
  | 'filtered'
  | 'alleleMismatch'
  | 'unexpectedPloidy'
  | 'strandAmbiguous'

export function interpretCalls(
  model: CompiledAncestryModel,
  calls: ReadonlyMap<string, SiteCall>,
  options: Pick<AncestryOptions, 'build' | 'assumption' | 'strandWithheld'>,
): InterpretedCalls {
  const markers = model.file.markers
  for (const [key, call] of calls) checkCallShape(key, call)
  // A call without a REF letter comes from a genotyping array, unless it is a gVCF reference block
  // (whose REF is only known at the block's first base).
  const consumerArray = [...calls.values()].some((call) => call.ref === null && !call.fromReferenceBlock)
  const fillAbsent = options.assumption === 'genome_wide' && !consumerArray
  const coverage: AncestryCoverage = {
    panelSize: markers.length,
    found: 0,
    usable: 0,
    assumedHomozygousReference: 0,
    missing: 0,
    unusable: { noCall: 0, filtered: 0, alleleMismatch: 0, unexpectedPloidy: 0, strandAmbiguous: 0 },
  }
  const index: number[] = []
  const alt: number[] = []
  const total: number[] = []
  let positionDiffers = 0
  let fromReferenceBlocks = 0

  markers.forEach((marker, m) => {
    const key = ancestryTargetKey(marker)
    const call = calls.get(key)
    if (!call) {
      if (fillAbsent) {
        coverage.assumedHomozygousReference++
        index.push(m)
        alt.push(0)
        total.push(2)
      } else {
        coverage.missing++
      }
      return
    }
    coverage.found++
    const expected =
      options.build === 'GRCh37' ? marker.grch37 : options.build === 'GRCh38' ? marker.grch38 : null
    if (expected !== null && (call.pos !== expected || call.chrom !== marker.chrom)) positionDiffers++
    // A withheld palindromic call is only 'strandAmbiguous' when it would otherwise have been read: a
    // no-call, a filtered call or letters that fit neither allele on either strand keep their own reason.
    let counted = countAltAlleles(call, marker.ref, marker.alt)
    if (counted.outcome === 'usable' && options.strandWithheld?.has(key)) {
      counted = { outcome: 'strandAmbiguous', alt: 0, total: 0 }
    }
    if (counted.outcome !== 'usable') {
      coverage.unusable[counted.outcome]++
      return
    }
    if (call.fromReferenceBlock) fromReferenceBlocks++
    index.push(m)
    alt.push(counted.alt)
    total.push(counted.total)
  })
  coverage.usable = index.length
  return {
    observations: {
      markerIndex: Int32Array.from(index),
      altCount: Uint8Array.from(alt),
      alleleCount: Uint8Array.from(total),
    },
    coverage,
    consumerArray,
    fromReferenceBlocks,
    positionDiffers,
  }
}

/** The calls come from our own engine, but a malformed one must still fail with a typed error. */
function checkCallShape(key: string, call: unknown): void {
  const c = call as Partial<SiteCall> | null
  const valid =
    typeof c === 'object' &&
    c !== null &&
    Array.isArray(c.alleles) &&
    c.alleles.every((allele) => typeof allele === 'string') &&
    (c.ref === null || typeof c.ref === 'string') &&
    typeof c.zygosity === 'string'
  if (!valid) {
    throw new AncestryError(
      'ANCESTRY_INVALID_CALL',
      `the call for ${key} is not a genotype call (alleles, ref, zygosity)`,
    )
  }
}

function countAltAlleles(
  call: SiteCall,
  ref: string,
  alt: string,
): { outcome: MarkerOutcome; alt: number; total: number } {
  const unusable = (outcome: MarkerOutcome) => ({ outcome, alt: 0, total: 0 })
  const filter = call.filter ?? null
  if (filter !== null && filter !== 'PASS' && filter !== '.') return unusable('filtered')
  const called = call.alleles.filter((allele) => allele !== '.' && allele !== '')
  if (call.zygosity === 'no_call' || called.length === 0) return unusable('noCall')
  if (called.length > 2) return unusable('unexpectedPloidy')
  // Inside a gVCF reference block the letters are unknown ('N'): the block itself says the site matches
  // the reference, which is the panel's REF allele. A reference record starting at the marker with
  // another letter is not the panel's reference (another build, or a REF not read from the genome, as
  // PLINK writes two copies of an ALT): its letters are read like any call's.
  if (
    call.fromReferenceBlock &&
    call.zygosity === 'hom_ref' &&
    called.every((allele) => allele === 'N' || allele.toUpperCase() === ref)
  )
    return { outcome: 'usable', alt: 0, total: called.length }
  let altCopies = 0
  for (const allele of called) {
    const letter = allele.toUpperCase()
    if (letter === alt) altCopies++
    else if (letter !== ref) return unusable('alleleMismatch')
  }
  return { outcome: 'usable', alt: altCopies, total: called.length }
}
