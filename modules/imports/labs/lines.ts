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
import { type DateOrder, type ParsedDate, parseDate } from '../dates'
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

/** Demographic, header and footer lines of a printed report: identifiers anywhere in the line ... */
const IDENTIFYING =
  /\b(dob|d\.o\.b|date of birth|birth ?date|mrn|medical record|accession|requisition|npi|clia|lab(oratory)? director|final report|report status|(page|pagina|página|seite|blatt)\s*\d+\s*(of|\/|von|di|de|sur)\s*\d+|geburtsdatum|geb\.|date de naissance|né\(?e?\)? le|fecha de nacimiento|data di nascita|nhs (no|number)|hospital (no|number))\b/i
/** ... or a label word followed by a colon or # ("Sex: F", "Client #: 123"), so "Sex hormone binding globulin" stays a result. */
const LABELLED =
  /\b(patient(\s+(id|name))?|pat\.|name|age(\s*\([^)]*\))?|sex|gender|account|acct|physician|doctor|ordering( physician)?|provider|client|phone|tel|fax|address|received|printed|reported|specimen|tests? ordered|dir|einsender|auftrag|patient(in)?|paciente|paziente|dossier)\s*[:#]/i
const NOT_A_RESULT = { test: (line: string) => IDENTIFYING.test(line) || LABELLED.test(line) }

/** A qualitative result line with no digits: "HBsAg   Negative", "Glucose, Urine  Not detected". */
const QUALITATIVE =
  /^(.*?[A-Za-zÀ-ÿ)].*?)\s{1,}(negative|positive|not detected|detected|non[- ]reactive|reactive|trace|negativ|positiv|nicht nachweisbar|nachweisbar|négatif|positif|negativo|positivo|assente|presente)\s*(\(?[HLA*]\)?)?$/i

/**
 * No result line is this long. Longer lines are skipped before any pattern runs: the line patterns
 * backtrack, and one 300 kB line took minutes (found by the import fuzzer).
 */
const MAX_LINE_CHARS = 1_000

/** Labels of the date a report was issued, which is not when the sample was taken. */
const REPORT_DATE = /^(reported|report date|date reported|result date|befunddatum|date du compte rendu)\b/i

/** A collection-date label anywhere in a line ("Gender: F   Collected: 03/14/2026 / 07:45 EDT"). */
const COLLECTION_LABEL =
  /\b(date collected|collected on|collected|collection date(?:\/time)?|date of collection|specimen collected|sample taken|entnahme(?:datum)?|abnahme(?:datum)?|probenentnahme|prélevé le|date de prélèvement|date du prélèvement|fecha de extracción|fecha de toma|data (?:del )?prelievo)\s*[:=-]?\s*/i
const DATE_TIME = /^(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})(?:[ T,/]+(\d{1,2}):?(\d{2})(?!\d))?/

function firstDateTime(text: string, order: DateOrder | null): ParsedDate | null {
  const m = DATE_TIME.exec(text)
  if (!m) return null
  return parseDate(m[2] ? `${m[1]} ${m[2].padStart(2, '0')}:${m[3]}` : m[1], order)
}

/** The date a line sets for the results after it: a date alone, a labelled date, or a collection label anywhere. */
export function dateLine(line: string, order: DateOrder | null = null): ParsedDate | null {
  const trimmed = line.trim()
  const labelled = COLLECTION_WORDS.exec(trimmed)
  const tail = trimmed.replace(COLLECTION_WORDS, '').trim()
  const whole = parseDate(tail, order)
  if (whole) return whole
  if (labelled) {
    const first = firstDateTime(tail, order)
    if (first) return first
  }
  const collection = COLLECTION_LABEL.exec(trimmed)
  return collection ? firstDateTime(trimmed.slice(collection.index + collection[0].length), order) : null
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
  // A sentence ("For patients with diabetes, target LDL-C is <70 mg/dL.") is a comment, not a result.
  if (!findBiomarker(name) && (name.split(/\s+/).length > 6 || /[.!?]$/.test(line.trim()))) return null
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
    else if (
      k === rest.length - 1 &&
      (TRAILING_CODE.test(token) || LAB_CODE.test(token)) &&
      (range || unit)
    ) {
      // Quest's performing-lab code at the end of the row ("EN", "Z4A").
    } else if (/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.'-]*:?$/.test(bare)) {
      if (!unit && words.length === 0 && !range && !/^(ref|reference|range|normal|interval)/i.test(bare))
        unit = bare
      else words.push(bare)
    } else return null
  }
  return { name, value: `${match[1] ?? ''}${match[2]}`, unit, range, flag }
}

/**
 * Two results printed side by side in one row ("Glucose 92 mg/dL 70-99     Sodium 140 mmol/L
 * 135-145"), as two-column report pages give them: split at a wide gap where both halves read.
 */
function sideBySide(line: string): { result: LineResult; part: string }[] | null {
  const cells = line.split(/\s{3,}/)
  for (let k = 1; k < cells.length; k++) {
    const left = readLine(cells.slice(0, k).join('   '))
    const right = left && readLine(cells.slice(k).join('   '))
    if (left && right && findBiomarker(left.name) && findBiomarker(right.name))
      return [
        { result: left, part: ', left' },
        { result: right, part: ', right' },
      ]
  }
  return null
}

/** Observations from lines of text, or null when not a single line reads as a result. */
export function labLines(
  text: string,
  ctx: LabContext,
  options: { refs?: string[] } = {},
): { observations: NewObservationInput[]; records: number } | null {
  const lines = text.split(/\r?\n/)
  const readable = (l: string) => l.length <= MAX_LINE_CHARS
  const refOf = (i: number) => options.refs?.[i] ?? `line ${i + 1}`
  readFileConventions(ctx, {
    numbers: lines
      .filter((l) => readable(l) && !NOT_A_RESULT.test(l))
      .flatMap((l) => normalizeLine(l.replace(DATE_TOKEN, ' ')).split(/\s+/))
      .flatMap((t) => t.replace(/^[<>≤≥(]+|[)*]+$/g, '').split('-')),
    dates: lines.filter(readable).join('\n').match(DATE_TOKEN) ?? [],
  })
  const observations: NewObservationInput[] = []
  let records = 0
  let currentDate: ParsedDate | null = null
  const unread: { line: number; text: string; why: 'demographic' | 'unreadable' }[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim()
    if (!line || line.startsWith('#')) continue
    if (!readable(line)) {
      unread.push({ line: i + 1, text: line, why: 'unreadable' })
      continue
    }
    const qualitative = /\d/.test(line) ? null : QUALITATIVE.exec(line)
    // Digits only in brackets ("Comp. Metabolic Panel (14)") make a heading too.
    if (!/\d/.test(line.replace(/\([^)]*\)/g, '')) && !qualitative) continue
    const date = dateLine(line, ctx.dateOrder)
    if (date) {
      // A report or result date never overrides the collection date already read.
      if (!(currentDate && REPORT_DATE.test(line))) currentDate = date
      continue
    }
    if (NOT_A_RESULT.test(line)) {
      unread.push({ line: i + 1, text: line, why: 'demographic' })
      continue
    }
    const single = qualitative
      ? {
          name: qualitative[1].trim().replace(/[,:;]$/, ''),
          value: qualitative[2],
          unit: null,
          range: null,
          flag: qualitative[3] ?? null,
        }
      : readLine(line)
    const results = single ? [{ result: single, part: '' }] : sideBySide(line)
    if (!results) {
      unread.push({ line: i + 1, text: line, why: 'unreadable' })
      continue
    }
    for (const { result, part } of results) {
      records++
      const observation = labObservation(
        {
          name: result.name,
          value: result.value,
          unit: result.unit,
          date: currentDate ? currentDate.iso : undefined,
          reference_range: result.range,
          flag: result.flag,
          source_ref: `${refOf(i)}${part}`,
          line: i + 1,
          original_text: line.slice(0, 300),
        },
        ctx,
      )
      if (observation) observations.push(observation)
    }
  }
  if (records === 0) return null
  for (const u of unread) {
    // Demographic lines are named by kind only: their text is personal data.
    if (u.why === 'demographic')
      ctx.warnings.add('skipped_line', 'A header, footer or patient-details line was skipped.', u.line)
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
