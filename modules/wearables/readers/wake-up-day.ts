// The local day a night of sleep is filed under, shared by the Apple Health reader and the records the
// Health Connect companion uploads (kept apart so that the upload path does not load the XML reader).

/** The local day a sleep segment's night ends on: a segment ending at 18:00 or later counts for the next. */
export function wakeUpDay(endWritten: string, endLocalDate: string): string {
  const hour = Number(/^\d{4}-\d{2}-\d{2}[T ](\d{2}):/.exec(endWritten.trim())?.[1] ?? '0')
  if (hour < 18) return endLocalDate
  const next = new Date(`${endLocalDate}T00:00:00.000Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}
