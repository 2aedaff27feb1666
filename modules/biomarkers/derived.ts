// Markers computed from others measured at the same draw, each with its published formula: non-HDL
// cholesterol, TG/HDL, remnant cholesterol, ApoB/ApoA1, HOMA-IR, eGFR by CKD-EPI 2021 (when the lab gave
// none), and the neutrophil-to-lymphocyte ratio. Inputs and results are in canonical catalog units.

import type { Citation, Sex } from './types'

export interface DerivedMarker {
  code: string
  name: string
  unit: string
  inputs: string[]
  /** The formula as people read it. */
  formula: string
  citation: Citation
  /** Null when the person's data cannot give it (eGFR needs sex and age). */
  compute(values: Record<string, number>, person: { sex?: Sex; age_years?: number }): number | null
}

const cite = (title: string, pmid?: string): Citation => ({
  title,
  ...(pmid ? { pmid } : {}),
  basis: 'guideline',
})

/** CKD-EPI 2021 creatinine equation (race-free), creatinine in mg/dL. */
export function ckdEpi2021(creatinine: number, sex: Sex, age: number): number {
  const female = sex === 'female'
  const kappa = female ? 0.7 : 0.9
  const alpha = female ? -0.241 : -0.302
  const ratio = creatinine / kappa
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1)
}

export const DERIVED_MARKERS: readonly DerivedMarker[] = [
  {
    code: 'non_hdl_cholesterol',
    name: 'Non-HDL cholesterol',
    unit: 'mg/dL',
    inputs: ['total_cholesterol', 'hdl_cholesterol'],
    formula: 'total cholesterol − HDL cholesterol',
    citation: cite(
      'Executive Summary of the Third Report of the NCEP Expert Panel (Adult Treatment Panel III). JAMA 2001;285:2486-2497 (non-HDL cholesterol = total − HDL).',
      '11368702',
    ),
    compute: (v) => v.total_cholesterol - v.hdl_cholesterol,
  },
  {
    code: 'tg_hdl_ratio',
    name: 'Triglyceride/HDL ratio',
    unit: '{ratio}',
    inputs: ['triglycerides', 'hdl_cholesterol'],
    formula: 'triglycerides ÷ HDL cholesterol (both mg/dL)',
    citation: cite(
      'McLaughlin T, et al. Use of metabolic markers to identify overweight individuals who are insulin resistant. Ann Intern Med 2003;139:802-809.',
      '14623617',
    ),
    compute: (v) => (v.hdl_cholesterol > 0 ? v.triglycerides / v.hdl_cholesterol : null),
  },
  {
    code: 'remnant_cholesterol',
    name: 'Remnant cholesterol',
    unit: 'mg/dL',
    inputs: ['total_cholesterol', 'hdl_cholesterol', 'ldl_cholesterol'],
    formula: 'total cholesterol − HDL cholesterol − LDL cholesterol',
    citation: cite(
      'Varbo A, et al. Remnant cholesterol as a causal risk factor for ischemic heart disease. J Am Coll Cardiol 2013;61:427-436.',
      '23265341',
    ),
    compute: (v) => v.total_cholesterol - v.hdl_cholesterol - v.ldl_cholesterol,
  },
  {
    code: 'apob_apoa1_ratio',
    name: 'ApoB/ApoA1 ratio',
    unit: '{ratio}',
    inputs: ['apolipoprotein_b', 'apolipoprotein_a1'],
    formula: 'apolipoprotein B ÷ apolipoprotein A1 (both mg/dL)',
    citation: cite(
      'Walldius G, et al. High apolipoprotein B, low apolipoprotein A-I, and improvement in the prediction of fatal myocardial infarction (AMORIS study). Lancet 2001;358:2026-2033.',
      '11755609',
    ),
    compute: (v) => (v.apolipoprotein_a1 > 0 ? v.apolipoprotein_b / v.apolipoprotein_a1 : null),
  },
  {
    code: 'homa_ir',
    name: 'HOMA-IR',
    unit: '{index}',
    inputs: ['glucose', 'insulin'],
    formula: 'fasting glucose (mg/dL) × fasting insulin (µIU/mL) ÷ 405',
    citation: cite(
      'Matthews DR, et al. Homeostasis model assessment: insulin resistance and β-cell function from fasting plasma glucose and insulin concentrations in man. Diabetologia 1985;28:412-419.',
      '3899825',
    ),
    compute: (v) => (v.glucose * v.insulin) / 405,
  },
  {
    code: 'egfr',
    name: 'eGFR (CKD-EPI 2021, computed)',
    unit: 'mL/min/{1.73_m2}',
    inputs: ['creatinine'],
    formula:
      '142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 if female; κ 0.7 (female) or 0.9 (male), α −0.241 or −0.302',
    citation: cite(
      'Inker LA, et al. New creatinine- and cystatin C-based equations to estimate GFR without race. N Engl J Med 2021;385:1737-1749.',
      '34554658',
    ),
    compute: (v, person) =>
      person.sex && person.age_years !== undefined && person.age_years >= 18
        ? ckdEpi2021(v.creatinine, person.sex, person.age_years)
        : null,
  },
  {
    code: 'nlr',
    name: 'Neutrophil-to-lymphocyte ratio',
    unit: '{ratio}',
    inputs: ['neutrophils_absolute', 'lymphocytes_absolute'],
    formula: 'absolute neutrophils ÷ absolute lymphocytes',
    citation: cite(
      'Zahorec R. Ratio of neutrophil to lymphocyte counts: rapid and simple parameter of systemic inflammation and stress in critically ill. Bratisl Lek Listy 2001;102:5-14.',
      '11723675',
    ),
    compute: (v) => (v.lymphocytes_absolute > 0 ? v.neutrophils_absolute / v.lymphocytes_absolute : null),
  },
]
