// The quota period: the calendar month in UTC. Counters are keyed by it and reset when it turns.

/** `2026-11` for any instant in November 2026 (UTC). */
export const periodOf = (at: Date): string => at.toISOString().slice(0, 7)

/** The instant the period containing `at` ends: 00:00 UTC on the first day of the next month. */
export function periodEnd(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
}
