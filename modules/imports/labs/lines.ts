// Lab results as lines of text: pasted from a report, or the text layer of a PDF (pdf-text.ts hands its
// rows here). One reader serves the common layouts:
//   "Glucose 92 mg/dL", "LDL Cholesterol: 130 mg/dL (ref <100) H", "TSH<tab>2.1<tab>mIU/L"
//   Quest:   "GLUCOSE   105 H   65-99 mg/dL   EN"       (flag after the value, unit after the range, lab code)
//   LabCorp: "Glucose 01   92   mg/dL   65-99"           (a performing-lab code before the value)
//   EU:      "Kreatinin   0,95   mg/dl   0,50 - 0,90  H" (decimal commas, the file's own mark)
//   NHS:     "Serum sodium   140 mmol/L   (133 - 146)"
// A line with no digits is a heading; a line naming a collection date dates the lines after it;
// demographic, header and footer lines (patient, DOB, page numbers, addresses) are skipped with a
// warning, never read as results. Other lines that read as no result are skipped with a warning naming
// the line; only a text where no line reads as a result is refused.

import { findBiomarker } from '../../biomarkers/catalog'
import type { NewObservationInput } from '../../sources/service'
import { type ParsedDate, parseDate } from '../dates'
import { readFileConventions } from './lab-context'
import type { LabContext } from './lab-row'
import { labObservation } from './lab-row'

const NUMBER = String.raw`\d[\d.,]*`
const VALUE = new RegExp(
  String.raw`^([<>≤≥]=?)?(-?${NUMBER}|-?[.,]\d+)(\*+|\(?(?:HH|LL|H|L|A)\)?(?![a-z]))?(%|[a-zA-Zµμ/][^\s]*)?$`,
)
const FLAG = /^\(?(H|L|HH|LL|A|AA|High|Low|Abnormal|Critical|Panic|Crit|\*+|H\*|L\*)\)?$/i
const RANGE = new RegExp(String.raw`^\(?(?:[<>≤≥]=?\s*${NUMBER}|${NUMBER}\s*-\s*${NUMBER})\)?$`)
const LAB_CODE = /^0\d$/
const TRAILING_CODE = /^[A-Z][A-Z0-9]{1,3}$/

const DATE_TOKEN = /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b|\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?/g

/** Words that introduce a collection date, in the report languages we read. */
const COLLECTION_WORDS =
  /^(date|collected|collection date|collected on|date collected|date\/time collected|collection date\/time|drawn|draw date|specimen collected|specimen date|sample date|sample taken|date of collection|reported|result date|test date|date of test|entnahme|entnahmedatum|abnahme|abnahmedatum|probenentnahme|datum|prélevé le|prélèvement|date de prélèvement|date du prélèvement|fecha|fecha de extracción|fecha de toma|data|data prelievo|data del prelievo|prelievo)\b\s*[:=-]?\s*/i

/** Demographic, header and footer lines of a printed report. */
const NOT_A_RESULT =
  /\b(patient|pat\.?|name|dob|d\.o\.b|date of birth|birth ?date|born|age\/sex|sex|gender|mrn|medical record|account|acct|accession|requisition|req\s?#|control\s?(no|number|#)|specimen (id|number|#)|physician|doctor|ordering|ordered by|provider|client|npi|clia|lab director|phone|tel|fax|address|page \d+\s*(of|\/)\s*\d+|printed|report status|final report|received|geb\.?|geburtsdatum|einsender|auftrag|seite \d+|né\(?e?\)? le|date de naissance|dossier|fecha de nacimiento|paciente|historia|data di nascita|paziente|nhs (no|number)|hospital (no|number))\b/i

/** A qualitative result line with no digits: "HBsAg   Negative", "Glucose, Urine  Not detected". */
const QUALITATIVE =
  /^(.*?[A-Za-zÀ-ÿ)].*?)\s{1,}(negative|positive|not detected|detected|non[- ]reactive|reactive|trace|negativ|positiv|nicht nachweisbar|nachweisbar|négatif|positif|negativo|positivo|assente|presente)\s*(\(?[HLA*]\)?)?$/i

export function dateLine(line: string): ParsedDate | null {
  const labelled = COLLECTION_WORDS.exec(line.trim())
  const tail = line.trim().replace(COLLECTION_WORDS, '').trim()
  const whole = parseDate(tail)
  if (whole) return whole
  if (!labelled) return null
  // "Collected: 03/01/2026 07:30 AM   Received: 03/01/2026": the first date after the label.
  const first = /^(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})(?:[ T,]+(\d{1,2}:\d{2}))?/.exec(tail)
  return first ? parseDate(first[2] ? `${first[1]} ${first[2]}` : first[1]) : null
}

/** A token that reads as a unit: has a slash, is a percent sign, or is a bare unit labs print. */
function looksLikeUnit(token: string | undefined): boolean {
  if (!token) return false
  if (/^\d/.test(token)) return false
  return (
    token.includes('/') ||
    token.startsWith('%') ||
    /^(fl|pg|g|mg|ratio|mm\/h|iu|u|mmhg|kg|kg\/m2|°c|°f|bpm|sec|s|index|mmol\/mol)$/i.test(token)
  )
}

export interface LineResult {
  name: string
  value: string
  unit: string | null
  range: string | null
  flag: string | null
}

/** Spellings that break tokenizing: ranges with spaces, the eGFR unit with a space, "of total Hgb". */
function normalizeLine(line: string): string {
  return line
    .replace(/[–—]/g, '-')
    .replace(/([<>])\s*or\s*=\s*/gi, '$1=')
    .replace(/(\d)\s+-\s+(\d)/g, '$1-$2')
    .replace(/([<>≤≥]=?)\s+(\d)/g, '$1$2')
    .replace(/(\d)\s+\((H|L|HH|LL|A)\)/g, '$1($2)')
    .replace(/1([.,])73\s+(m\^?2|m²|sq\.?\s?m)/gi, '1$173m2')
    .replace(/\s*[:=]\s+/, ' ')
    .replace(/:(?=\s*[<>≤≥]?\d)/, ' ')
    .trim()
}

export function readLine(line: string): LineResult | null {
  const tokens = normalizeLine(line).split(/\s+/)
  const candidates: number[] = []
  for (let i = 1; i < tokens.length; i++)
    if (VALUE.test(tokens[i]) && !LAB_CODE.test(tokens[i])) candidates.push(i)
  // LabCorp prints a performing-lab code ("01") between the name and the value.
  for (let i = 1; i < tokens.length - 1; i++)
    if (LAB_CODE.test(tokens[i]) && VALUE.test(tokens[i + 1]) && !candidates.includes(i + 1))
      candidates.push(i + 1)
  candidates.sort((a, b) => a - b)
  if (candidates.length === 0) return null
  const nameEnd = (i: number) => (i >= 2 && LAB_CODE.test(tokens[i - 1]) ? i - 1 : i)
  const named = (i: number) => tokens.slice(0, nameEnd(i)).join(' ').replace(/[,;]$/, '')
  const unitFollows = (i: number) => Boolean(VALUE.exec(tokens[i])?.[4]) || looksLikeUnit(tokens[i + 1])
  const pick =
    candidates.find((i) => findBiomarker(named(i))) ?? candidates.find(unitFollows) ?? candidates[0]
  const name = named(pick)
  if (!/[a-z]/i.test(name)) return null
  const match = VALUE.exec(tokens[pick]) as RegExpExecArray
  let unit = match[4] ?? null
  let flag: string | null = match[3] ? match[3].replace(/[()]/g, '') : null
  let range: string | null = null
  const words: string[] = []
  const rest = tokens.slice(pick + 1)
  for (let k = 0; k < rest.length; k++) {
    const token = rest[k]
    const bare = token.replace(/^[([]|[)\],;]$/g, '')
    if (!flag && FLAG.test(token)) flag = token.replace(/[()]/g, '')
    else if (!range && RANGE.test(bare)) range = bare
    else if (!unit && looksLikeUnit(bare)) unit = bare
    else if (k === rest.length - 1 && TRAILING_CODE.test(token) && (range || unit)) {
      // Quest's performing-lab code at the end of the row ("EN", "Z4A").
    } else if (/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.'-]*:?$/.test(bare)) {
      if (!unit && words.length === 0 && !range && !/^(ref|reference|range|normal|interval)/i.test(bare))
        unit = bare
      else words.push(bare)
    } else return null
  }
  return { name, value: `${match[1] ?? ''}${match[2]}`, unit, range, flag }
}

/** Observations from lines of text, or null when not a single line reads as a result. */
export function labLines(
  text: string,
  ctx: LabContext,
  format: { skipped: string } = { skipped: 'skipped_line' },
): { observations: NewObservationInput[]; records: number } | null {
  const lines = text.split(/\r?\n/)
  readFileConventions(ctx, {
    numbers: lines
      .filter((l) => !NOT_A_RESULT.test(l))
      .flatMap((l) => normalizeLine(l.replace(DATE_TOKEN, ' ')).split(/\s+/))
      .flatMap((t) => t.replace(/^[<>≤≥(]+|[)*]+$/g, '').split('-')),
    dates: text.match(DATE_TOKEN) ?? [],
  })
  const observations: NewObservationInput[] = []
  let records = 0
  let currentDate: ParsedDate | null = null
  const unread: { line: number; text: string; why: 'demographic' | 'unreadable' }[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim()
    if (!line || line.startsWith('#')) continue
    const qualitative = /\d/.test(line) ? null : QUALITATIVE.exec(line)
    if (!/\d/.test(line) && !qualitative) continue
    const date = dateLine(line)
    if (date) {
      currentDate = date
      continue
    }
    if (NOT_A_RESULT.test(line)) {
      unread.push({ line: i + 1, text: line, why: 'demographic' })
      continue
    }
    const result = qualitative
      ? {
          name: qualitative[1].trim().replace(/[,:;]$/, ''),
          value: qualitative[2],
          unit: null,
          range: null,
          flag: qualitative[3] ?? null,
        }
      : readLine(line)
    if (!result) {
      unread.push({ line: i + 1, text: line, why: 'unreadable' })
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
        original_text: line.slice(0, 300),
      },
      ctx,
    )
    if (observation) observations.push(observation)
  }
  if (records === 0) return null
  for (const u of unread) {
    // Demographic lines are named by kind only: their text is personal data.
    if (u.why === 'demographic')
      ctx.warnings.add(format.skipped, 'A header, footer or patient-details line was skipped.', u.line)
    else
      ctx.warnings.add(
        'unreadable_line',
        `"${u.text.slice(0, 80)}" does not read as a result ("Name value unit"); it was skipped.`,
        u.line,
      )
  }
  return { observations, records }
}

/** Pasted lab lines (the historical name of the reader). */
export const pastedLabLines = (text: string, ctx: LabContext) => labLines(text, ctx)
