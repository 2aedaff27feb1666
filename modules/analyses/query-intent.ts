// What a health question asks, read without a model: the everyday names people use ("blood sugar",
// "kidney function", "HRV"), a time window or date ("last month", "this week", "on November 1"), the
// aggregate ("average", "latest", "did it drop"), and whether it asks for a genotype. Pure, so every
// phrase it understands is tested.

export interface Alias {
  /** Topic shown in the answer's `topics`. */
  topic: string
  /** Catalog marker or metric codes that answer it, most direct first. */
  codes: string[]
  /** What data would answer it, for the refusal. */
  needs: string
}

/** Everyday names → the codes that answer them. Longest phrases are tried first. */
export const ALIASES: Record<string, Alias> = {
  'blood sugar': {
    topic: 'blood_sugar',
    codes: ['glucose', 'hba1c'],
    needs: 'a fasting glucose or HbA1c result from a lab report',
  },
  prediabetes: {
    topic: 'blood_sugar',
    codes: ['glucose', 'hba1c'],
    needs: 'a fasting glucose or HbA1c result from a lab report',
  },
  diabetes: {
    topic: 'blood_sugar',
    codes: ['glucose', 'hba1c'],
    needs: 'a fasting glucose or HbA1c result from a lab report',
  },
  'kidney function': {
    topic: 'kidney_function',
    codes: ['egfr', 'creatinine', 'urine_albumin_creatinine_ratio'],
    needs: 'a creatinine or eGFR result (and a urine albumin/creatinine ratio) from a lab report',
  },
  kidneys: {
    topic: 'kidney_function',
    codes: ['egfr', 'creatinine', 'urine_albumin_creatinine_ratio'],
    needs: 'a creatinine or eGFR result (and a urine albumin/creatinine ratio) from a lab report',
  },
  kidney: {
    topic: 'kidney_function',
    codes: ['egfr', 'creatinine', 'urine_albumin_creatinine_ratio'],
    needs: 'a creatinine or eGFR result (and a urine albumin/creatinine ratio) from a lab report',
  },
  'blood pressure': {
    topic: 'blood_pressure',
    codes: ['systolic_bp', 'diastolic_bp'],
    needs:
      'blood pressure readings (a home monitor export, Apple Health blood pressure records or a clinic report)',
  },
  thyroid: {
    topic: 'thyroid',
    codes: ['tsh', 'free_t4'],
    needs: 'a TSH (and free T4) result from a lab report',
  },
  liver: { topic: 'liver', codes: ['alt', 'ast', 'ggt'], needs: 'ALT, AST or GGT results from a lab report' },
  iron: {
    topic: 'iron',
    codes: ['ferritin', 'transferrin_saturation', 'hemoglobin'],
    needs: 'ferritin and transferrin saturation results from a lab report',
  },
  sleep: {
    topic: 'sleep_duration',
    codes: ['sleep_duration', 'diary_sleep_duration'],
    needs: 'sleep data from a wearable (Apple Health, Oura, WHOOP) or a sleep diary',
  },
  slept: {
    topic: 'sleep_duration',
    codes: ['sleep_duration', 'diary_sleep_duration'],
    needs: 'sleep data from a wearable (Apple Health, Oura, WHOOP) or a sleep diary',
  },
  hrv: {
    topic: 'hrv',
    codes: ['hrv_rmssd', 'hrv_sdnn'],
    needs: 'heart rate variability from a wearable (Apple Watch, Oura, WHOOP)',
  },
  'heart rate variability': {
    topic: 'hrv',
    codes: ['hrv_rmssd', 'hrv_sdnn'],
    needs: 'heart rate variability from a wearable (Apple Watch, Oura, WHOOP)',
  },
  pulse: {
    topic: 'resting_heart_rate',
    codes: ['resting_heart_rate'],
    needs: 'resting heart rate from a wearable',
  },
  walked: { topic: 'steps', codes: ['steps'], needs: 'step counts from a phone or wearable' },
  walking: { topic: 'steps', codes: ['steps'], needs: 'step counts from a phone or wearable' },
}

export type Aggregate = 'average' | 'latest' | 'change' | 'category' | null

export interface Window {
  from: string
  to: string
  /** How the question put it: `last month`, `on 2025-11-01`. */
  label: string
}

export interface Intent {
  aliases: Alias[]
  window: Window | null
  aggregate: Aggregate
  genotype: boolean
}

const words = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]
const monthIndex = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3)))

const iso = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000))
const lastDayOfMonth = (y: number, m: number) => iso(new Date(Date.UTC(y, m + 1, 0)))

/** The most recent past date with this month and day (this year, or last year if still ahead). */
function recentDate(month: number, day: number, today: string): string | null {
  const year = Number(today.slice(0, 4))
  for (const y of [year, year - 1]) {
    const d = new Date(Date.UTC(y, month, day))
    if (d.getUTCMonth() !== month) return null
    if (iso(d) <= today) return iso(d)
  }
  return null
}

/** A time window the question names, relative to today (the app clock). */
export function windowOf(question: string, now: Date): Window | null {
  const q = question.toLowerCase()
  const today = iso(now)
  const isoDate = /\b(\d{4}-\d{2}-\d{2})\b/.exec(q)
  if (isoDate) return { from: isoDate[1], to: isoDate[1], label: `on ${isoDate[1]}` }
  const monthDay =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/.exec(
      q,
    ) ?? null
  const dayMonth =
    /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.exec(
      q,
    )
  const md = monthDay
    ? { month: monthIndex(monthDay[1]), day: Number(monthDay[2]) }
    : dayMonth
      ? { month: monthIndex(dayMonth[2]), day: Number(dayMonth[1]) }
      : null
  if (md) {
    const date = recentDate(md.month, md.day, today)
    if (date) return { from: date, to: date, label: `on ${date}` }
  }
  if (/\byesterday\b/.test(q)) {
    const d = addDays(today, -1)
    return { from: d, to: d, label: `on ${d}` }
  }
  if (/\btoday\b/.test(q)) return { from: today, to: today, label: `on ${today}` }
  const lastN = /\b(?:last|past) (\d{1,3}) days?\b/.exec(q)
  if (lastN)
    return {
      from: addDays(today, -(Number(lastN[1]) - 1)),
      to: today,
      label: `over the last ${lastN[1]} days`,
    }
  if (/\b(this|past) week\b|\blast 7 days\b/.test(q))
    return { from: addDays(today, -6), to: today, label: 'over the last 7 days' }
  if (/\blast week\b/.test(q))
    return { from: addDays(today, -13), to: addDays(today, -7), label: 'in the 7 days before the last 7' }
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  if (/\bthis month\b/.test(q))
    return { from: iso(new Date(Date.UTC(y, m, 1))), to: today, label: 'this month' }
  if (/\b(last|past) month\b/.test(q)) {
    const first = new Date(Date.UTC(y, m - 1, 1))
    return {
      from: iso(first),
      to: lastDayOfMonth(first.getUTCFullYear(), first.getUTCMonth()),
      label: `last month (${MONTHS[first.getUTCMonth()].replace(/^./, (c) => c.toUpperCase())} ${first.getUTCFullYear()})`,
    }
  }
  if (/\b(last|past) year\b/.test(q))
    return { from: addDays(today, -364), to: today, label: 'over the last 12 months' }
  const inMonth =
    /\bin (january|february|march|april|may|june|july|august|september|october|november|december)\b/.exec(q)
  if (inMonth) {
    const month = monthIndex(inMonth[1])
    const year = month <= m ? y : y - 1
    return {
      from: iso(new Date(Date.UTC(year, month, 1))),
      to: lastDayOfMonth(year, month),
      label: `in ${inMonth[1].replace(/^./, (c) => c.toUpperCase())} ${year}`,
    }
  }
  return null
}

export function aggregateOf(question: string): Aggregate {
  const q = words(question)
  if (/ (average|averaged|mean|typical|typically|usually) /.test(q)) return 'average'
  if (
    / (drop|dropped|drops|fall|fell|decrease|decreased|rise|rose|risen|increase|increased|change|changed|trend|improve|improved|worse|better) /.test(
      q,
    )
  )
    return 'change'
  if (/ (prediabetes|prediabetic|diabetes|diabetic|ok|okay|normal|fine|healthy) /.test(q)) return 'category'
  if (
    / (latest|most recent|current|currently|last (value|result|reading|measurement)|what is my|what s my|whats my) /.test(
      q,
    )
  )
    return 'latest'
  return null
}

export function intentOf(question: string, now: Date): Intent {
  const q = words(question)
  const aliases: Alias[] = []
  for (const phrase of Object.keys(ALIASES).sort((a, b) => b.length - a.length)) {
    if (!q.includes(` ${phrase} `)) continue
    const alias = ALIASES[phrase]
    if (!aliases.some((a) => a.topic === alias.topic)) aliases.push(alias)
  }
  return {
    aliases,
    window: windowOf(question, now),
    aggregate: aggregateOf(question),
    genotype: / (genotype|genotypes|apoe|gene|genes|genetic|genetics|dna) /.test(q),
  }
}
