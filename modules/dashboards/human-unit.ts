// Units as a person reads them. The spec keeps UCUM codes (machine-readable, e.g. `u[IU]/mL`,
// `10*3/uL`, `{steps}`); the page shows `µIU/mL`, `×10³/µL`, `steps`.

const WHOLE: Record<string, string> = {
  '/min': 'per min',
  Cel: '°C',
  '{score}': 'score',
  '{ratio}': 'ratio',
  'mL/min/{1.73_m2}': 'mL/min/1.73 m²',
  'mL/(kg.min)': 'mL/kg/min',
  'mm[Hg]': 'mmHg',
  meq: 'mEq',
  min: 'minutes',
  h: 'hours',
}

const SUPERSCRIPT: Record<string, string> = { '3': '³', '6': '⁶', '9': '⁹', '12': '¹²' }

/** A UCUM unit code written for people; unknown codes pass through without annotation braces. */
export function humanUnit(ucum: string | null | undefined): string {
  if (!ucum) return ''
  if (WHOLE[ucum]) return WHOLE[ucum]
  return ucum
    .replace(/^10\*(\d+)\//, (_, power: string) => `×10${SUPERSCRIPT[power] ?? `^${power}`}/`)
    .replace(/\[IU\]/g, 'IU')
    .replace(/\bmeq\b/g, 'mEq')
    .replace(/\bu(IU|g|mol|L)\b/g, 'µ$1')
    .replace(/uIU/g, 'µIU')
    .replace(/\{([^}]*)\}/g, (_, word: string) => word.replace(/_/g, ' '))
}
