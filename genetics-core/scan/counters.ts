// Fixed-slot counters a scanner fills per segment. A Float64Array is cheap to post between threads
// and to add up in order; toSummaryCounts turns the slots into the named fields of ScanSummary.

export const C = {
  records: 0,
  referenceBlocks: 1,
  variantRecords: 2,
  rtSnv: 3,
  rtMnv: 4,
  rtIndel: 5,
  rtOther: 6,
  rtNoAlt: 7,
  multiallelic: 8,
  aSnv: 9,
  aMnv: 10,
  aInsertion: 11,
  aDeletion: 12,
  aComplex: 13,
  aSymbolic: 14,
  aBreakend: 15,
  aOverlap: 16,
  withRsid: 17,
  filterPass: 18,
  filterFailed: 19,
  filterMissing: 20,
  gHomRef: 21,
  gHet: 22,
  gHomAlt: 23,
  gHemizygous: 24,
  gNoCall: 25,
  gPartial: 26,
  indelCalls: 27,
  gHomozygousUnknownRef: 28,
  textBytes: 29,
  /** Calls of the counted sample on X outside the pseudoautosomal regions, for genetic sex. */
  xHet: 30,
  xHom: 31,
  xHaploid: 32,
  /** Calls of the counted sample on Y: called (any genotype) or missing. */
  yCalled: 33,
  yNoCall: 34,
  /**
   * Never reported: the VCF scanner's common path adds every call it counts for genetic sex to a slot
   * chosen by table, and calls off X's non-pseudoautosomal part and Y land here. A branch that goes
   * untaken for most of a genome and then turns hot on X would make JSC throw the compiled code away.
   */
  notSexLinked: 35,
  /**
   * Records without a real ALT (gVCF reference blocks, all-sites reference calls, a chip VCF's hom-ref
   * rows), called, on X outside the PARs and on Y, and missing on Y: kept apart from the calls above,
   * because a sequencing gVCF holds many blocks for each variant (sex/infer-genetic-sex.ts).
   */
  xReference: 36,
  yReferenceCalled: 37,
  yReferenceNoCall: 38,
} as const

export const COUNTER_SLOTS = 39

export function newCounters(): Float64Array {
  return new Float64Array(COUNTER_SLOTS)
}

export function addCounters(into: Float64Array, from: Float64Array): void {
  for (let i = 0; i < COUNTER_SLOTS; i++) into[i] += from[i]
}
