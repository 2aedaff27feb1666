// Throttled progress reports: at most one every 100 ms while reading, plus every change of stage,
// so a caller updating a job row is not flooded by a 5-million-record file.

import type { Progress } from '../types'

export class ProgressReporter {
  private last = 0
  private stage: Progress['stage'] = 'detecting'

  constructor(
    private readonly onProgress: ((p: Progress) => void) | undefined,
    private readonly totalBytes: number | null,
  ) {}

  report(stage: Progress['stage'], bytesRead: number, records: number, force = false): void {
    if (!this.onProgress) return
    const now = performance.now()
    if (!force && stage === this.stage && now - this.last < 100) return
    this.last = now
    this.stage = stage
    this.onProgress({ stage, bytesRead, totalBytes: this.totalBytes, records })
  }
}
