// The clock services read time from, so tests can fix and move time (token expiry, rate limits).

export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that stands still until moved; for tests. */
export class ManualClock implements Clock {
  private current: number
  constructor(start: Date | string = '2026-01-15T09:00:00.000Z') {
    this.current = new Date(start).getTime()
  }
  now(): Date {
    return new Date(this.current)
  }
  advance(ms: number): void {
    this.current += ms
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime()
  }
}

export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000)
