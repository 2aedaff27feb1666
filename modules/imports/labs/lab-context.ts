// The shared state of one lab import: warnings, names the catalog does not know, and the date used
// for results without one (a date line in the file, else the upload time, with a warning).

import type { ParsedDate } from '../dates'
import type { Warnings } from '../parsed'
import type { LabContext } from './lab-row'

export function labContext(warnings: Warnings, uploadedAt: Date, fileDate?: ParsedDate | null): LabContext {
  return {
    warnings,
    unknown: new Set<string>(),
    fallbackDate: fileDate ?? {
      iso: uploadedAt.toISOString(),
      local_date: uploadedAt.toISOString().slice(0, 10),
    },
    fallbackIsUploadTime: !fileDate,
  }
}

/** Warn once when some results had to take the upload time as their date. */
export function noteUploadDate(ctx: LabContext, observations: { observed_at: string }[]): void {
  if (ctx.fallbackIsUploadTime && observations.some((o) => o.observed_at === ctx.fallbackDate.iso)) {
    ctx.warnings.add('no_date', 'Some results carry no collection date; the upload time was used for them.')
  }
}
