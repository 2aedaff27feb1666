// What was sampled, where the result's name or its LOINC code says so: urine (also German "Urin",
// "Harn", French "urinaire", Spanish "orina"), whole blood, serum or plasma, or another body fluid
// (CSF, synovial, pleural ...). Null when not stated or not recognised; a result in urine or another
// fluid is never filed under a blood marker.

import { specimenOfLoinc } from '../../biomarkers/catalog'
import type { Specimen } from '../../biomarkers/loinc-alternates'

const URINE = /\b(urine|urin|urinary|urinaire|orina|harn)\b|\burin-/i
const WHOLE_BLOOD = /\b(whole blood|vollblut|sang total|sangre total|sangue intero|edta)\b/i
/** Fluids other than blood and urine: a result in them is never a blood marker. */
const OTHER_FLUID =
  /\b(csf|cerebrospinal|liquor|synovial|pleural|peritoneal|ascites|ascitic|saliva|salivary|stool|feces|faeces|sweat|semen|seminal|amniotic|pericardial|bronchoalveolar|bal)\b/i
const SERUM_PLASMA = /\b(serum|plasma|ser\/plas|s\/p|sérum)\b/i

export function specimenOf(name: string, loinc?: string | null): Specimen | null {
  const fromLoinc = loinc ? specimenOfLoinc(loinc) : undefined
  if (fromLoinc) return fromLoinc
  if (URINE.test(name)) return 'urine'
  if (WHOLE_BLOOD.test(name)) return 'whole_blood'
  if (SERUM_PLASMA.test(name)) return 'serum_plasma'
  if (OTHER_FLUID.test(name)) return 'other'
  return null
}

/** A specimen column's value ("Urine", "Serum", "EDTA whole blood") as the table's specimen. */
export function specimenOfText(cell: string | undefined): Specimen | null {
  const text = (cell ?? '').trim()
  if (!text) return null
  if (URINE.test(text)) return 'urine'
  if (WHOLE_BLOOD.test(text) || /^blood$/i.test(text)) return 'whole_blood'
  if (SERUM_PLASMA.test(text)) return 'serum_plasma'
  if (OTHER_FLUID.test(text)) return 'other'
  return null
}
