// How much of a user's data one analysis request reads: the newest observations only, up to a fixed bound
// per kind, so analyses, health context, retest reminders and query cost the same whether a user holds a
// thousand observations or a million. When a bound is reached the answer says so and from when it covers.

/** Lab results (and behavioral records judged one by one) read per modality: newest first. */
export const MAX_ANALYSIS_OBSERVATIONS = 10_000
/** Wearable and behavioral rows read for daily series per modality (most of a year at ~30 metrics and devices a day). */
export const MAX_ANALYSIS_SERIES_ROWS = 10_000

export interface WindowCut {
  what: 'lab and diary results' | 'wearable and behavioral series'
  covered_from: string
  max_rows: number
}

/** The sentence an answer carries when one of its reads was cut. */
export function windowNote(cut: WindowCut): string {
  return `More than ${cut.max_rows} ${cut.what} are stored, so only the newest (from ${cut.covered_from.slice(0, 10)}) were read; older ones are not part of this answer.`
}
