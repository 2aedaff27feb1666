// Column headers and JSON keys, normalised for matching: "Resting heart rate (bpm)" → name
// "resting heart rate", unit "bpm"; "hrv_rmssd_milli" → "hrv rmssd milli"; "Blood oxygen %" → name
// "blood oxygen", unit "%".

export interface Header {
  /** Normalised name: lower case, separators as single spaces, unit removed. */
  name: string
  /** A unit written in brackets or as a trailing %, as written. */
  unit: string | null
}

export function normalizeKey(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[_.\-/]+/g, ' ')
    .replace(/[^a-z0-9%#° ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

export function parseHeader(raw: string): Header {
  let text = raw.trim()
  let unit: string | null = null
  const bracket = /[([]([^)\]]*)[)\]]\s*$/.exec(text)
  if (bracket) {
    unit = bracket[1].trim() || null
    text = text.slice(0, bracket.index)
  } else if (/\s%$/.test(text) || /[a-z]%$/i.test(text)) {
    unit = '%'
    text = text.replace(/\s*%$/, '')
  }
  return { name: normalizeKey(text), unit }
}
