// Counters and the assignment callback shared by the merge join and the tabix join.

import type { DbsnpOptions } from '../types'
import { SNV_BASES } from './allele-keys'

export interface JoinStats {
  alleles: number
  assigned: number
  alleleMismatches: number
  agreedWithInputId: number
  differedFromInputId: number
  multipleRsids: number
}

export function newJoinStats(): JoinStats {
  return {
    alleles: 0,
    assigned: 0,
    alleleMismatches: 0,
    agreedWithInputId: 0,
    differedFromInputId: 0,
    multipleRsids: 0,
  }
}

/** DbsnpOptions.onAssigned (types.ts): `rs` is the dbSNP rs number, the ID being `rs${rs}`. */
export type AssignedCallback = NonNullable<DbsnpOptions['onAssigned']>

/** Trimmed REF and ALT of an allele from its code (SNV) or kept text (anything else). */
export function allelesOf(code: number, text: string | null): [string, string] {
  if (text !== null) {
    const gt = text.indexOf('>')
    return [text.slice(0, gt), text.slice(gt + 1)]
  }
  return [SNV_BASES[(code >>> 2) & 3], SNV_BASES[code & 3]]
}

/** Records one assignment: counters, agreement with the input's own ID, and the callback. */
export function recordAssignment(
  stats: JoinStats,
  onAssigned: AssignedCallback | undefined,
  chrom: string,
  tpos: number,
  code: number,
  text: string | null,
  inputRs: number,
  rs: number,
  matches: number,
): void {
  stats.assigned++
  if (matches > 1) stats.multipleRsids++
  if (inputRs >= 0) {
    if (inputRs === rs) stats.agreedWithInputId++
    else stats.differedFromInputId++
  }
  if (onAssigned) {
    // Called millions of times: no intermediate array for the two alleles, and the rs number as it is.
    if (text === null) onAssigned(chrom, tpos, SNV_BASES[(code >>> 2) & 3], SNV_BASES[code & 3], rs)
    else {
      const gt = text.indexOf('>')
      onAssigned(chrom, tpos, text.slice(0, gt), text.slice(gt + 1), rs)
    }
  }
}
