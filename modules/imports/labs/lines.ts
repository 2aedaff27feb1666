// Lab results pasted as lines: "Glucose 92 mg/dL", "LDL Cholesterol: 130 mg/dL (ref <100) H",
// "HbA1c 5.4%", "TSH<tab>2.1<tab>mIU/L". A line with no digits is a heading; a line that is only a
// date ("Collected: 2026-03-01") dates the lines after it. A line with digits that reads as neither is
// unreadable: 422 naming it.

import { findBiomarker } from '../../biomarkers/catalog'
import type { NewObservationInput } from '../../sources/service'
import { type ParsedDate, parseDate } from '../dates'
import { unreadable } from '../problems'
import type { LabContext } from './lab-row'
import { labObservation } from './lab-row'

const VALUE = /^([<>≤≥]=?)?(-?\d+(?:[.,]\d+)?)(%|[a-zA-Zµμ/][^\s]*)?$/
const FLAG = /^(H|L|HH|LL|A|High|Low|Abnormal|\*)$/i
const DATE_WORDS =
  /^(date|collected|collection date|collected on|drawn|draw date|specimen collected|reported|result date|test date|date of test)\s*[:=-]?\s*/i

/** A token that reads as a unit: has a slash, is a percent sign, or is a bare unit labs print. */
function looksLikeUnit(token: string | undefined): boolean {
  if (!token) return false
  return token.includes('/') || token === '%' || /^(fl|pg|g|mg|ratio|mm\/h|iu|u)$/i.test(token)
}

interface LineResult {
  name: string
  value: string
  unit: string | null
  range: string | null
  flag: string | null
}

/** A date line: optional label words, then a date. */
export function dateLine(line: string): ParsedDate | null {
  const tail = line.trim().replace(DATE_WORDS, '').trim()
  return parseDate(tail)
}

function readLine(line: string): LineResult | null {
  const cleaned = line
    .replace(/\s*[:=]\s+/, ' ')
    .replace(/:(?=\s*[<>≤≥]?\d)/, ' ')
    .trim()
  const tokens = cleaned.split(/\s+/)
  const candidates: number[] = []
  for (let i = 1; i < tokens.length; i++) if (VALUE.test(tokens[i])) candidates.push(i)
  if (candidates.length === 0) return null
  const named = (i: number) => tokens.slice(0, i).join(' ').replace(/[,;]$/, '')
  const unitFollows = (i: number) => Boolean(VALUE.exec(tokens[i])?.[3]) || looksLikeUnit(tokens[i + 1])
  const pick =
    candidates.find((i) => findBiomarker(named(i))) ?? candidates.find(unitFollows) ?? candidates[0]
  const name = named(pick)
  if (!/[a-z]/i.test(name)) return null
  const match = VALUE.exec(tokens[pick])!
  let unit = match[3] ?? null
  let rest = tokens.slice(pick + 1)
  if (
    !unit &&
    rest.length > 0 &&
    /[a-zA-Z%µμ/]/.test(rest[0]) &&
    !FLAG.test(rest[0]) &&
    !/^[([]/.test(rest[0]) &&
    !/^ref/i.test(rest[0])
  ) {
    unit = rest[0]
    rest = rest.slice(1)
  }
  let flag: string | null = null
  if (rest.length > 0 && FLAG.test(rest[rest.length - 1])) {
    flag = rest[rest.length - 1]
    rest = rest.slice(0, -1)
  }
  const remainder = rest
    .join(' ')
    .replace(/[()[\]]/g, ' ')
    .replace(/\b(ref(erence)?( range| interval)?|normal|range)\b:?/gi, ' ')
    .trim()
  const range =
    /([<>≤≥]=?\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?)/.exec(remainder)?.[1] ?? null
  // Whatever is left must be words ("fasting", "see note"), not symbols or stray numbers.
  const leftover = (range ? remainder.replace(range, ' ') : remainder).trim()
  if (leftover && !/^[A-Za-z][A-Za-z ,.'-]*$/.test(leftover)) return null
  return { name, value: `${match[1] ?? ''}${match[2]}`, unit, range, flag }
}

/** Observations from pasted lines, or null when not a single line reads as a result. */
export function pastedLabLines(
  text: string,
  ctx: LabContext,
): { observations: NewObservationInput[]; records: number } | null {
  const lines = text.split(/\r?\n/)
  const observations: NewObservationInput[] = []
  let records = 0
  let currentDate: ParsedDate | null = null
  const pending: { line: number; text: string }[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim()
    if (!line || line.startsWith('#') || !/\d/.test(line)) continue
    const date = dateLine(line)
    if (date) {
      currentDate = date
      continue
    }
    const result = readLine(line)
    if (!result) {
      pending.push({ line: i + 1, text: line })
      continue
    }
    records++
    const observation = labObservation(
      {
        name: result.name,
        value: result.value,
        unit: result.unit,
        date: currentDate ? currentDate.iso : undefined,
        reference_range: result.range,
        flag: result.flag,
        source_ref: `line ${i + 1}`,
        line: i + 1,
      },
      ctx,
    )
    if (observation) observations.push(observation)
  }
  if (records === 0) return null
  if (pending.length > 0)
    throw unreadable(
      `"${pending[0].text.slice(0, 80)}" is not a result of the form "Name value unit".`,
      pending[0].line,
    )
  return { observations, records }
}
