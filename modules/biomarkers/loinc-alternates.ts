// Other LOINC codes that report the same marker as the catalog's main code: a different method
// (calculated or direct LDL, CKD-EPI or MDRD eGFR), a different property (substance vs mass
// concentration) or a different specimen wording (serum or plasma, blood). FHIR exports use any of
// them. Codes whose specimen is urine or whole blood say so, so the observation keeps its specimen.
// Source for every entry: the LOINC database (loinc.org), checked code by code for component,
// property, system and method; check digits are verified by a test.

export type Specimen = 'serum_plasma' | 'whole_blood' | 'urine' | 'other'

export interface LoincAlternate {
  loinc: string
  code: string
  /** What LOINC names the code, so the table can be read without a lookup. */
  title: string
  specimen?: Specimen
}

export const LOINC_SOURCE = 'LOINC (Regenstrief Institute), https://loinc.org'

export const LOINC_ALTERNATES: readonly LoincAlternate[] = [
  { loinc: '1558-6', code: 'glucose', title: 'Fasting glucose [Mass/volume] in Serum or Plasma' },
  { loinc: '2339-0', code: 'glucose', title: 'Glucose [Mass/volume] in Blood', specimen: 'whole_blood' },
  { loinc: '15074-8', code: 'glucose', title: 'Glucose [Moles/volume] in Blood', specimen: 'whole_blood' },
  { loinc: '14749-6', code: 'glucose', title: 'Glucose [Moles/volume] in Serum or Plasma' },
  {
    loinc: '17856-6',
    code: 'hba1c',
    title: 'Hemoglobin A1c/Hemoglobin.total in Blood by HPLC',
    specimen: 'whole_blood',
  },
  {
    loinc: '59261-8',
    code: 'hba1c',
    title: 'Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol',
    specimen: 'whole_blood',
  },
  { loinc: '62238-1', code: 'egfr', title: 'GFR/1.73 sq M.predicted [CKD-EPI]' },
  { loinc: '33914-3', code: 'egfr', title: 'GFR/1.73 sq M.predicted [MDRD]' },
  { loinc: '48642-3', code: 'egfr', title: 'GFR/1.73 sq M.predicted among non-blacks [MDRD]' },
  { loinc: '48643-1', code: 'egfr', title: 'GFR/1.73 sq M.predicted among blacks [MDRD]' },
  { loinc: '88293-6', code: 'egfr', title: 'GFR/1.73 sq M.predicted among blacks [CKD-EPI]' },
  { loinc: '88294-4', code: 'egfr', title: 'GFR/1.73 sq M.predicted among non-blacks [CKD-EPI]' },
  { loinc: '1989-3', code: 'vitamin_d_25oh', title: '25-hydroxyvitamin D3 [Mass/volume]' },
  { loinc: '14635-7', code: 'vitamin_d_25oh', title: '25-hydroxyvitamin D3 [Moles/volume]' },
  { loinc: '2089-1', code: 'ldl_cholesterol', title: 'LDL cholesterol [Mass/volume]' },
  { loinc: '18262-6', code: 'ldl_cholesterol', title: 'LDL cholesterol [Mass/volume] by Direct assay' },
  { loinc: '22748-8', code: 'ldl_cholesterol', title: 'LDL cholesterol [Moles/volume]' },
  { loinc: '39469-2', code: 'ldl_cholesterol', title: 'LDL cholesterol [Moles/volume] by calculation' },
  { loinc: '14647-2', code: 'total_cholesterol', title: 'Cholesterol [Moles/volume]' },
  { loinc: '14646-4', code: 'hdl_cholesterol', title: 'HDL cholesterol [Moles/volume]' },
  { loinc: '14927-8', code: 'triglycerides', title: 'Triglyceride [Moles/volume]' },
  { loinc: '14682-9', code: 'creatinine', title: 'Creatinine [Moles/volume] in Serum or Plasma' },
  { loinc: '6299-2', code: 'bun', title: 'Urea nitrogen [Mass/volume] in Blood', specimen: 'whole_blood' },
  { loinc: '22664-7', code: 'bun', title: 'Urea [Moles/volume] in Serum or Plasma' },
  { loinc: '2947-0', code: 'sodium', title: 'Sodium [Moles/volume] in Blood', specimen: 'whole_blood' },
  { loinc: '6298-4', code: 'potassium', title: 'Potassium [Moles/volume] in Blood', specimen: 'whole_blood' },
  {
    loinc: '14685-2',
    code: 'vitamin_b12',
    title: 'Cobalamin (Vitamin B12) [Moles/volume] in Serum or Plasma',
  },
  { loinc: '14913-8', code: 'testosterone_total', title: 'Testosterone [Moles/volume] in Serum or Plasma' },
  {
    loinc: '11580-8',
    code: 'tsh',
    title: 'Thyrotropin [Units/volume] in Serum or Plasma by Detection limit <= 0.005 mIU/L',
  },
  { loinc: '14920-3', code: 'free_t4', title: 'Thyroxine (T4) free [Moles/volume] in Serum or Plasma' },
  { loinc: '3141-9', code: 'body_weight', title: 'Body weight Measured' },
  { loinc: '8331-1', code: 'body_temperature', title: 'Oral temperature' },
  {
    loinc: '25428-4',
    code: 'urine_glucose',
    title: 'Glucose [Presence] in Urine by Test strip',
    specimen: 'urine',
  },
  {
    loinc: '5792-7',
    code: 'urine_glucose',
    title: 'Glucose [Mass/volume] in Urine by Test strip',
    specimen: 'urine',
  },
  { loinc: '2350-7', code: 'urine_glucose', title: 'Glucose [Mass/volume] in Urine', specimen: 'urine' },
  {
    loinc: '9318-7',
    code: 'urine_albumin_creatinine_ratio',
    title: 'Albumin/Creatinine [Mass Ratio] in Urine',
    specimen: 'urine',
  },
]
