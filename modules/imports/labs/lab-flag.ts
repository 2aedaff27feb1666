// The lab's own flag, normalized to the observations table's lab_flag: H/L, HH/LL, A, *, and the words
// (High, Low, Critical, Panic, Abnormal, in English and the report languages we read), plus FHIR
// interpretation codes (HL7 v3 ObservationInterpretation: H, L, HH, LL, HU, LU, A, AA, N). A critical
// mark without a direction takes it from the value against the printed interval when it can.

import type { LabFlag } from '../../sources/service'

const HIGH = /\b(h|hi|high|hu|hoch|erhöht|eleve|élevé|alto|alta|elevato|above)\b|↑|\+$/i
const LOW = /\b(l|lo|low|lu|niedrig|erniedrigt|bas|basse|bajo|baja|basso|below)\b|↓/i
const CRITICAL =
  /crit|panic|alert|kritisch|critique|crítico|critico|!|\baa\b|^hh\*?$|^ll\*?$|^[hl]\*$|^\*[hl]$/i
const ABNORMAL = /^(a|abn|abnormal|abnorm|anormal|anomalo|\*+|pathologisch|path)$/i
const NORMAL = /^(n|normal|wnl|within normal limits|normale?)$/i

export interface FlagHint {
  value?: number | null
  low?: number | null
  high?: number | null
}

/** The normalized flag, or null when the text is empty or not a flag we know (it stays in details.flag). */
export function normalizeLabFlag(text: string | null | undefined, hint: FlagHint = {}): LabFlag | null {
  const t = (text ?? '').trim()
  if (!t) return null
  const upper = t.toUpperCase()
  if (upper === 'HH') return 'critical_high'
  if (upper === 'LL') return 'critical_low'
  const high = HIGH.test(t)
  const low = LOW.test(t) && !high
  if (CRITICAL.test(t)) {
    if (/^hh|h\*|\*h/i.test(t) || high) return 'critical_high'
    if (/^ll|l\*|\*l/i.test(t) || low) return 'critical_low'
    const { value, low: lo, high: hi } = hint
    if (value != null && hi != null && value > hi) return 'critical_high'
    if (value != null && lo != null && value < lo) return 'critical_low'
    return 'critical'
  }
  if (high) return 'high'
  if (low) return 'low'
  if (ABNORMAL.test(t)) return 'abnormal'
  if (NORMAL.test(t)) return 'normal'
  return null
}
