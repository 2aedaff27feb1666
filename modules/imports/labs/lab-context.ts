// The shared state of one lab import: warnings, names the catalog does not know, the date used for
// results without one (a date in the file, else the upload time, with a warning), and the file's
// decimal mark and date order, each decided once from all the file's numbers and dates.

import { dateOrderOf, type ParsedDate } from '../dates'
import type { Warnings } from '../parsed'
import type { LabContext } from './lab-row'
import { decimalMarkOf } from './number-format'

export function labContext(warnings: Warnings, uploadedAt: Date, fileDate?: ParsedDate | null): LabContext {
  return {
    warnings,
    unknown: new Set<string>(),
    fallbackDate: fileDate ?? {
      iso: uploadedAt.toISOString(),
      local_date: uploadedAt.toISOString().slice(0, 10),
    },
    fallbackIsUploadTime: !fileDate,
    decimalMark: null,
    dateOrder: null,
  }
}

/** Decide the file's decimal mark from its values and ranges, and its date order from its dates. */
export function readFileConventions(ctx: LabContext, sample: { numbers: unknown[]; dates: unknown[] }): void {
  const mark = decimalMarkOf(sample.numbers)
  ctx.decimalMark = mark.mark
  if (mark.mixed)
    ctx.warnings.add(
      'mixed_decimal_marks',
      `The file uses both "." and "," as decimal marks; "${mark.mark}" (the more frequent) was taken as the decimal mark.`,
    )
  const order = dateOrderOf(sample.dates)
  ctx.dateOrder = order.order
  if (order.conflict)
    ctx.warnings.add(
      'mixed_date_orders',
      'The file holds dates that are only valid day-first and others only valid month-first; ambiguous dates were read month-first.',
    )
}

/** Warn once when some results had to take the upload time as their date. */
export function noteUploadDate(ctx: LabContext, observations: { observed_at: string }[]): void {
  if (ctx.fallbackIsUploadTime && observations.some((o) => o.observed_at === ctx.fallbackDate.iso)) {
    ctx.warnings.add('no_date', 'Some results carry no collection date; the upload time was used for them.')
  }
}
