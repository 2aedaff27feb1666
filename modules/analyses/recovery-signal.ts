// A transparent recovery/strain signal from the overnight physiology wearables measure: heart rate
// variability, resting heart rate, respiratory rate and skin temperature, each compared with the
// person's own baseline (the same z-scores as the baselines). Several adverse moves together — HRV
// down, resting heart rate and breathing rate up, temperature up — are the signature of illness,
// overreaching or accumulated poor sleep, so the plan asks for rest, not more exercise.

import type { Reference } from './citation-model'
import type { Baseline, RecoverySignal } from './model'
import { fmt } from './ranges'

/** One physiological input: its adverse direction and the threshold (in baseline SDs, or absolute). */
interface Input {
  codes: string[]
  adverse: 'below' | 'above'
  label: string
}

const INPUTS: Input[] = [
  { codes: ['hrv_rmssd', 'hrv_sdnn'], adverse: 'below', label: 'heart rate variability down' },
  { codes: ['resting_heart_rate'], adverse: 'above', label: 'resting heart rate up' },
  { codes: ['respiratory_rate'], adverse: 'above', label: 'breathing rate up' },
  { codes: ['temperature_deviation'], adverse: 'above', label: 'skin temperature up' },
]

/** |z| at or beyond which a component counts: one baseline SD, the shift threshold used throughout. */
export const RECOVERY_Z = 1
/** Skin temperature also counts from +0.5 °C above baseline (wearable deviations are already deltas). */
export const TEMPERATURE_DELTA = 0.5

export const RECOVERY_REFERENCES: Reference[] = [
  {
    id: 'pmid:23852425',
    kind: 'guideline',
    title:
      'Plews DJ, et al. Training adaptation and heart rate variability in elite endurance athletes. Sports Med 2013;43:773-781.',
    url: null,
    pmid: '23852425',
  },
  {
    id: 'pmid:24578692',
    kind: 'guideline',
    title: 'Buchheit M. Monitoring training status with HR measures. Front Physiol 2014;5:73.',
    url: null,
    pmid: '24578692',
  },
  {
    id: 'doi:10.1038/s41551-020-00640-6',
    kind: 'guideline',
    title:
      'Mishra T, et al. Pre-symptomatic detection of COVID-19 from smartwatch data. Nat Biomed Eng 2020;4:1208-1220.',
    url: 'https://doi.org/10.1038/s41551-020-00640-6',
    pmid: null,
  },
  {
    id: 'method:recovery-signal',
    kind: 'method',
    title: `Recovery signal: HRV, resting heart rate, respiratory rate and skin temperature, each as z against the personal baseline; a component counts at |z| ≥ ${RECOVERY_Z} the adverse way (temperature also from +${TEMPERATURE_DELTA} °C); two or more: strained, one: watch.`,
    url: null,
    pmid: null,
  },
]

const describe = (c: RecoverySignal['components'][number]) =>
  `${c.name} ${fmt(c.recent_mean)} vs ${fmt(c.baseline_mean)}${c.percent !== null ? `, ${c.percent > 0 ? '+' : ''}${c.percent}%` : ''}`

export function recoverySignal(baselines: Baseline[]): RecoverySignal | null {
  const components: RecoverySignal['components'] = []
  for (const input of INPUTS) {
    const b = input.codes.map((c) => baselines.find((x) => x.code === c && x.shift)).find(Boolean)
    if (!b?.shift || !b.baseline) continue
    const z = b.shift.z
    const delta = b.recent.mean - b.baseline.mean
    const adverse =
      (input.adverse === 'below' ? z <= -RECOVERY_Z : z >= RECOVERY_Z) ||
      (b.code === 'temperature_deviation' && delta >= TEMPERATURE_DELTA)
    components.push({
      code: b.code,
      name: b.name,
      baseline_mean: b.baseline.mean,
      recent_mean: b.recent.mean,
      z,
      percent: b.shift.percent,
      adverse,
    })
  }
  if (components.length === 0) return null
  const adverse = components.filter((c) => c.adverse)
  const level: RecoverySignal['level'] =
    components.length < 2
      ? 'insufficient_data'
      : adverse.length >= 2
        ? 'strained'
        : adverse.length === 1
          ? 'watch'
          : 'normal'
  const labels = INPUTS.filter((i) => adverse.some((c) => i.codes.includes(c.code))).map((i) => i.label)
  const statement = {
    strained: `Recovery looks strained: ${labels.join(', ')} against your own baseline (${adverse.map(describe).join('; ')}). Together these often accompany illness, hard training without enough recovery, or poor sleep; a signal to rest, not a diagnosis.`,
    watch: `One recovery input moved the adverse way (${adverse.map(describe).join('; ')}); the others are near your baseline. Worth watching, not yet a pattern.`,
    normal: 'Recovery inputs are near your baseline.',
    insufficient_data: `Only ${components.map((c) => c.name).join(', ')} has a baseline; the recovery signal needs at least two of HRV, resting heart rate, respiratory rate and skin temperature.`,
  }[level]
  const sources = baselines.filter((b) => components.some((c) => c.code === b.code)).flatMap((b) => b.sources)
  return { level, statement, components, sources, references: RECOVERY_REFERENCES }
}
