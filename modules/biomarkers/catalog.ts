// The biomarker catalog: every marker the service recognises, and lookups by canonical code and by the
// name a lab report uses. Names are matched after normalisation (case, punctuation, specimen words such
// as "serum"), so "LDL-Cholesterol (calc)" and "ldl cholesterol calculated" find the same marker.
// Names and LOINC codes labs use beyond the markers' own (synonyms.ts, loinc-alternates.ts) are
// indexed alongside, and an assay-method suffix (", IA", ", MS", "Calc (NIH)") is dropped as a fallback.

import { toUcum } from './lab-units'
import { LOINC_ALTERNATES, type LoincAlternate } from './loinc-alternates'
import { CBC } from './markers/cbc'
import { GLUCOSE } from './markers/glucose'
import { HORMONES } from './markers/hormones'
import { INFLAMMATION } from './markers/inflammation'
import { IRON_STUDIES } from './markers/iron'
import { KIDNEY } from './markers/kidney'
import { LIPIDS } from './markers/lipids'
import { LIVER } from './markers/liver'
import { METABOLIC } from './markers/metabolic'
import { OTHER } from './markers/other'
import { THYROID } from './markers/thyroid'
import { URINE } from './markers/urine'
import { VITALS } from './markers/vitals'
import { VITAMINS } from './markers/vitamins'
import { withoutMethodSuffix } from './method-suffix'
import { REPORTED_NAMES } from './synonyms'
import type { BiomarkerDefinition } from './types'
import { canConvert } from './units'

export const BIOMARKERS: readonly BiomarkerDefinition[] = Object.freeze([
  ...LIPIDS,
  ...GLUCOSE,
  ...CBC,
  ...METABOLIC,
  ...KIDNEY,
  ...LIVER,
  ...THYROID,
  ...IRON_STUDIES,
  ...VITAMINS,
  ...HORMONES,
  ...INFLAMMATION,
  ...OTHER,
  ...URINE,
  ...VITALS,
])

const BY_CODE = new Map(BIOMARKERS.map((m) => [m.code, m]))
const BY_LOINC = new Map(BIOMARKERS.map((m) => [m.loinc, m]))
const ALTERNATE_LOINC = new Map<string, LoincAlternate>(LOINC_ALTERNATES.map((a) => [a.loinc, a]))
for (const a of LOINC_ALTERNATES) {
  const m = BY_CODE.get(a.code)
  if (m && !BY_LOINC.has(a.loinc)) BY_LOINC.set(a.loinc, m)
}

/** Words that describe the specimen or the report rather than the analyte. */
const NOISE_WORDS = new Set([
  'serum',
  'plasma',
  'blood',
  'whole',
  'level',
  'lvl',
  'result',
  'test',
  's',
  'p',
  'sp',
  'ser',
  'pl',
])

/** Lower-case, drop bracketed qualifiers and punctuation, collapse spaces, drop specimen words. */
export function normalizeMarkerName(name: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/[_,;:.]/g, ' ')
    .replace(/[^a-z0-9%#()+\-/ ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !NOISE_WORDS.has(w))
  return words.join(' ')
}

/** Names without their bracketed part: "LDL cholesterol (calc)" → "ldl cholesterol". */
const withoutParentheses = (normalized: string) =>
  normalized
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
/** Hyphens and spaces are interchangeable on reports ("HbA1c", "Hb A1c", "non-HDL"). */
const compact = (normalized: string) => normalized.replace(/[\s\-()]/g, '')

// Full names first; names with their bracketed qualifier dropped only as a fallback, so that
// "Neutrophils" means the percentage a differential prints, and "Neutrophils" in 10*3/uL the count.
const BY_NAME = new Map<string, BiomarkerDefinition[]>()
const BY_SHORT_NAME = new Map<string, BiomarkerDefinition[]>()
function index(map: Map<string, BiomarkerDefinition[]>, key: string, marker: BiomarkerDefinition) {
  if (!key) return
  const list = map.get(key) ?? []
  if (!list.includes(marker)) list.push(marker)
  map.set(key, list)
}
for (const m of BIOMARKERS) {
  for (const name of [m.code.replace(/_/g, ' '), m.name, ...m.synonyms]) {
    const n = normalizeMarkerName(name)
    index(BY_NAME, n, m)
    index(BY_NAME, compact(n), m)
    index(BY_SHORT_NAME, compact(withoutParentheses(n)), m)
  }
}

// Report names valid only for results in a substance unit (Urea in mmol/L is urea nitrogen in moles).
const BY_MOLAR_NAME = new Map<string, BiomarkerDefinition[]>()
for (const entry of REPORTED_NAMES) {
  const m = BY_CODE.get(entry.code)
  if (!m) continue
  for (const name of entry.names) {
    const n = normalizeMarkerName(name)
    const map = entry.units === 'molar' ? BY_MOLAR_NAME : BY_NAME
    index(map, n, m)
    index(map, compact(n), m)
    if (entry.units !== 'molar') index(BY_SHORT_NAME, compact(withoutParentheses(n)), m)
  }
}

export function biomarkerByCode(code: string): BiomarkerDefinition | undefined {
  return BY_CODE.get(code)
}

export function biomarkerByLoinc(loinc: string): BiomarkerDefinition | undefined {
  return BY_LOINC.get(loinc.trim())
}

/** The specimen a LOINC code names, where the alternates table records one. */
export function specimenOfLoinc(loinc: string): LoincAlternate['specimen'] | undefined {
  return ALTERNATE_LOINC.get(loinc.trim())?.specimen
}

const isMolarUnit = (unit: string | undefined) => Boolean(unit && /mol\//.test(toUcum(unit)))

function candidatesFor(name: string, unit: string | undefined): BiomarkerDefinition[] {
  const n = normalizeMarkerName(name)
  const short = compact(withoutParentheses(n))
  const keys = [n, compact(n), short]
  return [
    ...new Set([
      ...keys.flatMap((k) => BY_NAME.get(k) ?? []),
      ...(BY_SHORT_NAME.get(short) ?? []),
      ...(isMolarUnit(unit) ? keys.flatMap((k) => BY_MOLAR_NAME.get(k) ?? []) : []),
    ]),
  ]
}

/**
 * The marker a report's name means, or undefined. Accepts a canonical code, a LOINC code, the
 * catalog name or a synonym. When a name fits several markers (Lp(a) is reported by mass and by
 * moles), the unit, if given, picks the one it converts to.
 */
export function findBiomarker(name: string, unit?: string): BiomarkerDefinition | undefined {
  const trimmed = name.trim()
  if (!trimmed) return undefined
  const direct = BY_CODE.get(trimmed) ?? BY_LOINC.get(trimmed)
  if (direct) return direct
  let candidates = candidatesFor(trimmed, unit)
  if (candidates.length === 0) {
    const bare = withoutMethodSuffix(trimmed)
    if (bare !== trimmed) candidates = candidatesFor(bare, unit)
  }
  if (candidates.length === 0) return undefined
  if (candidates.length === 1 || !unit) return candidates[0]
  return candidates.find((m) => canConvert(m, unit)) ?? candidates[0]
}
