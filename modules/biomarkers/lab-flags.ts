// The flag a lab prints beside a result (H, L, HH, LL, A, "critical high", FHIR interpretation codes),
// normalized to the observations table's lab_flag values, so a critical flag counts even for a marker
// outside our catalog.

export type NormalizedLabFlag =
  | 'low'
  | 'high'
  | 'critical_low'
  | 'critical_high'
  | 'abnormal'
  | 'critical'
  | 'normal'

const FLAGS: Record<string, NormalizedLabFlag> = {
  hh: 'critical_high',
  'h*': 'critical_high',
  '>>': 'critical_high',
  hu: 'critical_high',
  'critical high': 'critical_high',
  'critically high': 'critical_high',
  'panic high': 'critical_high',
  'high critical': 'critical_high',
  ll: 'critical_low',
  'l*': 'critical_low',
  '<<': 'critical_low',
  lu: 'critical_low',
  'critical low': 'critical_low',
  'critically low': 'critical_low',
  'panic low': 'critical_low',
  'low critical': 'critical_low',
  h: 'high',
  high: 'high',
  '↑': 'high',
  '+': 'high',
  l: 'low',
  low: 'low',
  '↓': 'low',
  '-': 'low',
  aa: 'critical',
  critical: 'critical',
  panic: 'critical',
  '!!': 'critical',
  a: 'abnormal',
  abnormal: 'abnormal',
  abn: 'abnormal',
  '*': 'abnormal',
  '!': 'abnormal',
  n: 'normal',
  normal: 'normal',
}

/** The normalized flag, or null for an empty or unrecognised one (kept as written in the details). */
export function normalizeLabFlag(flag: unknown): NormalizedLabFlag | null {
  if (typeof flag !== 'string') return null
  const key = flag.trim().toLowerCase().replace(/\s+/g, ' ')
  return FLAGS[key] ?? null
}
