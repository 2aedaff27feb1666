// Times estimateAncestry on a spread of training people for the accuracy report. Informative only:
// no test asserts a duration.

import type { SiteCall } from '../../types'
import { siteCallsFromDosages } from './calls-from-dosages'
import { sampleDosages, type TrainingData } from './training-data'

export function accuracyReportTiming(
  data: TrainingData,
  estimate: (calls: Map<string, SiteCall>) => unknown,
  people = 50,
): { people: number; medianMs: number; maxMs: number } {
  const step = Math.max(1, Math.floor(data.samples.length / people))
  const durations: number[] = []
  // One untimed call first, so compiling the model and the JIT warm-up are not counted.
  estimate(siteCallsFromDosages(data.markers, sampleDosages(data, 0)))
  for (let s = 0; s < data.samples.length && durations.length < people; s += step) {
    const calls = siteCallsFromDosages(data.markers, sampleDosages(data, s))
    const started = performance.now()
    estimate(calls)
    durations.push(performance.now() - started)
  }
  durations.sort((a, b) => a - b)
  return {
    people: durations.length,
    medianMs: durations[Math.floor(durations.length / 2)],
    maxMs: durations[durations.length - 1],
  }
}
