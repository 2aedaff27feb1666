// The unit-annotation grammar: what US and European reports print around a unit that is not part of
// it. "mg/dL (calc)" and "% (calc)" mark a calculated result; "% of total Hgb", "%HbA1c" and
// "mmol/mol Hb" name what HbA1c is a fraction of; "mL/min/1.73 m^2", "mL/min/1.73sqm" and
// "mL/min/1,73m²" are one eGFR unit. Stripping them leaves the unit the lookup table knows.

const RULES: [RegExp, string][] = [
  // A bracketed or trailing calculation or method note: "(calc)", "calc.", "(est)".
  [/\s*[([]\s*(calc(ulated)?|est(imated)?|derived|nih|ifcc|dcct|ngsp)\.?\s*[)\]]\s*$/i, ''],
  [/\s+(calc(ulated)?|est(imated)?)\.?$/i, ''],
  // What a percentage or ratio is taken of.
  [/^%\s*(of\s+)?(total\s+)?(hgb|hb|hemoglobin|haemoglobin|hba1c|a1c)$/i, '%'],
  [/^mmol\/mol\s*(of\s+)?(total\s+)?(hgb|hb|hemoglobin|haemoglobin|hba1c)$/i, 'mmol/mol'],
  // Body-surface normalisation in any spelling: 1.73 m^2, 1.73m2, 1.73sqm, 1,73m², 1.73 sq.m.
  [/\/\s*1[.,]73\s*(m\s*\^?\s*2|m²|sq\.?\s*m\.?|sqm|m2)?\s*$/i, '/1.73m2'],
]

/** The unit without annotations; other text is returned trimmed and otherwise unchanged. */
export function stripUnitAnnotations(written: string): string {
  let unit = written.trim()
  for (const [pattern, replacement] of RULES) unit = unit.replace(pattern, replacement).trim()
  return unit
}
