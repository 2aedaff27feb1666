// Each defect found reading real lab exports, reproduced over HTTP: thousands separators, decimal
// commas, censored values, glued flags, date order, document dates, US and EU names, units with
// annotations, alternate LOINC codes, urine specimens, vital signs and report header lines.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { importer, type Person } from './support'

let t: TestApp
let imports: ReturnType<typeof importer>
let p: Person
beforeAll(async () => {
  t = await testApp()
  imports = importer(t)
  p = await t.userWithKey()
})
afterAll(() => t.cleanup())

const byCode = (rows: { code: string }[], code: string) => rows.find((r) => r.code === code) as any

async function upload(body: Record<string, unknown>) {
  const r = await imports.upload(p, body)
  expect(r.status).toBe(201)
  return { body: r.body, rows: await imports.observations(p, r.body.source_id) }
}

describe('lab values as labs print them', () => {
  it('reads "1,250" in a US file with decimal points as 1250, agreeing with the lab\'s H flag', async () => {
    const { rows } = await upload({
      text: 'Test,Result,Flag,Reference Range,Units,Date\nVITAMIN B12,"1,250",H,200-1100,pg/mL,2026-01-10\nGLUCOSE,92.5,,65-99,mg/dL,2026-01-10\n',
    })
    expect(byCode(rows, 'vitamin_b12')).toMatchObject({
      value: 1250,
      original_value: '1,250',
      lab_flag: 'high',
      reference_low: 200,
      reference_high: 1100,
      details: { flag: 'H', reference_text: '200-1100' },
    })
  })

  it('reads decimal commas in an EU semicolon file, with its SI units and day-first dates', async () => {
    const { rows } = await upload({
      text: 'Analyt;Ergebnis;Einheit;Referenzbereich;Datum\nKreatinin;0,95;mg/dl;0,50-0,90;02.03.2026\nLDL-Cholesterin;3,2;mmol/l;<3,0;02.03.2026\nUrea;5,4;mmol/l;2,5-7,5;02.03.2026\n',
    })
    expect(byCode(rows, 'creatinine')).toMatchObject({ value: 0.95, reference_low: 0.5, reference_high: 0.9 })
    expect(byCode(rows, 'ldl_cholesterol').value).toBeCloseTo(123.7, 1)
    expect(byCode(rows, 'bun').value).toBeCloseTo(15.1, 1)
    expect(byCode(rows, 'creatinine').observed_at).toBe('2026-03-02T00:00:00.000Z')
  })

  it('keeps a lone "1,250" as text with a warning when nothing in the file decides the decimal mark', async () => {
    const { body, rows } = await upload({
      text: 'Test,Result,Units\nVitamin B12,"1,250",pg/mL\nFerritin,88,ng/mL\n',
    })
    expect(byCode(rows, 'vitamin_b12')).toMatchObject({ value: null, value_text: '1,250' })
    expect(byCode(rows, 'vitamin_b12').details.warnings[0].code).toBe('ambiguous_number')
    expect(body.warnings.map((w: any) => w.code)).toContain('ambiguous_number')
  })

  it('keeps censored results as bounds with their comparator, and glued flags as data', async () => {
    const { rows } = await upload({
      text: 'Test,Result,Units,Range,Date\nhs-CRP,<0.3,mg/L,<1.0,2026-01-10\nFerritin,>2000,ng/mL,30-400,2026-01-10\nLDL Cholesterol,162 H,mg/dL,<100,2026-01-10\nGlucose,105*,mg/dL,65-99,2026-01-10\nHbA1c,5.9 (H),%,<5.7,2026-01-10\nPotassium,6.8 HH,mmol/L,3.5-5.1,2026-01-10\n',
    })
    expect(byCode(rows, 'hs_crp')).toMatchObject({ value: 0.3, comparator: '<', original_value: '<0.3' })
    expect(byCode(rows, 'ferritin')).toMatchObject({ value: 2000, comparator: '>' })
    expect(byCode(rows, 'ldl_cholesterol')).toMatchObject({ value: 162, lab_flag: 'high', comparator: null })
    expect(byCode(rows, 'glucose')).toMatchObject({ value: 105, lab_flag: 'abnormal' })
    expect(byCode(rows, 'hba1c')).toMatchObject({ value: 5.9, lab_flag: 'high' })
    expect(byCode(rows, 'potassium')).toMatchObject({ value: 6.8, lab_flag: 'critical_high' })
  })

  it('normalizes the lab flag words, with a critical mark taking its direction from the interval', async () => {
    const { rows } = await upload({
      text: 'Test,Result,Units,Range,Flag\nSodium,118,mmol/L,135-145,Critical\nPotassium,2.4,mmol/L,3.5-5.1,Panic\nGlucose,40,mg/dL,65-99,LL\nTSH,2.1,mIU/L,0.4-4.0,N\nFerritin,12,ng/mL,30-400,L\n',
    })
    expect(byCode(rows, 'sodium').lab_flag).toBe('critical_low')
    expect(byCode(rows, 'potassium').lab_flag).toBe('critical_low')
    expect(byCode(rows, 'glucose').lab_flag).toBe('critical_low')
    expect(byCode(rows, 'tsh').lab_flag).toBe('normal')
    expect(byCode(rows, 'ferritin').lab_flag).toBe('low')
  })
})

describe('names and units as US and EU labs print them', () => {
  it('recognises Quest and LabCorp names and annotated units', async () => {
    const { body, rows } = await upload({
      text: [
        'Test Name,Result,Units,Date',
        'LDL Chol Calc (NIH),131,mg/dL (calc),2026-01-10',
        'NON HDL CHOLESTEROL,150,mg/dL (calc),2026-01-10',
        '"VITAMIN D,25-OH,TOTAL,IA",38,ng/mL,2026-01-10',
        '"TESTOSTERONE, TOTAL, MS",512,ng/dL,2026-01-10',
        'VLDL Cholesterol Cal,24,mg/dL,2026-01-10',
        'CHOL/HDLC RATIO,3.4,(calc),2026-01-10',
        'IRON SATURATION,28,% (calc),2026-01-10',
        'HEMOGLOBIN A1c,5.6,% of total Hgb,2026-01-10',
        'eGFR,92,mL/min/1.73 m^2,2026-01-10',
      ].join('\n'),
    })
    expect(body.unknown_markers).toEqual([])
    expect(body.markers).toEqual(
      expect.arrayContaining([
        'ldl_cholesterol',
        'non_hdl_cholesterol',
        'vitamin_d_25oh',
        'testosterone_total',
        'vldl_cholesterol',
        'cholesterol_hdl_ratio',
        'transferrin_saturation',
        'hba1c',
        'egfr',
      ]),
    )
    expect(byCode(rows, 'hba1c')).toMatchObject({ value: 5.6, unit: '%', original_unit: '% of total Hgb' })
    expect(byCode(rows, 'egfr')).toMatchObject({ value: 92, unit: 'mL/min/{1.73_m2}' })
  })

  it('reads HbA1c in mmol/mol Hb and eGFR in the European spellings of its unit', async () => {
    const { rows } = await upload({
      text: 'Test;Wert;Einheit\nHbA1c;42;mmol/mol Hb\neGFR (CKD-EPI);88;mL/min/1,73m²\n',
    })
    expect(byCode(rows, 'hba1c').value).toBeCloseTo(6.0, 1)
    expect(byCode(rows, 'egfr')).toMatchObject({ value: 88, unit: 'mL/min/{1.73_m2}' })
  })

  it('recognises German, French, Spanish and Italian names', async () => {
    const { body } = await upload({
      text: 'Test,Result,Units\nKreatinin,0.9,mg/dL\nGlucose à jeun,5.1,mmol/L\nColesterolo LDL,110,mg/dL\nGlucosa,90,mg/dL\nHämoglobin,14.1,g/dL\n',
    })
    expect(body.unknown_markers).toEqual([])
    expect(body.markers).toEqual(['creatinine', 'glucose', 'hemoglobin', 'ldl_cholesterol'])
  })

  it('reads Urea as urea nitrogen only in a molar unit, never a mass of urea as BUN', async () => {
    const { body, rows } = await upload({ text: 'Test,Result,Units\nUrea,5.0,mmol/L\n' })
    expect(byCode(rows, 'bun').value).toBeCloseTo(14.0, 1)
    const mass = await upload({ text: 'Test,Result,Units\nUrea,30,mg/dL\n' })
    expect(mass.body.unknown_markers).toEqual(['Urea'])
    expect(body.unknown_markers).toEqual([])
  })
})

describe('collection dates', () => {
  it('dates every result of a portal JSON by its document-level collected_at', async () => {
    const { body, rows } = await upload({
      text: JSON.stringify({
        patient: { name: 'Test Person' },
        collected_at: '2025-11-03T08:10:00Z',
        results: [
          { name: 'Glucose', value: 91, unit: 'mg/dL' },
          { name: 'TSH', value: 1.9, unit: 'mIU/L' },
        ],
      }),
    })
    expect(rows.map((r) => r.observed_at)).toEqual(['2025-11-03T08:10:00.000Z', '2025-11-03T08:10:00.000Z'])
    expect(body.warnings.map((w: any) => w.code)).not.toContain('no_date')
  })

  it('reads 02/03/2026 day-first when the same file holds 15/03/2026', async () => {
    const { body, rows } = await upload({
      text: 'Test,Result,Units,Date\nGlucose,92,mg/dL,02/03/2026\nGlucose,95,mg/dL,15/03/2026\n',
    })
    expect(rows.map((r) => r.observed_at)).toEqual(['2026-03-02T00:00:00.000Z', '2026-03-15T00:00:00.000Z'])
    expect(body.warnings).toEqual([])
  })

  it('keeps a warning when nothing in the file decides the date order', async () => {
    const { body, rows } = await upload({ text: 'Test,Result,Units,Date\nGlucose,92,mg/dL,02/03/2026\n' })
    expect(rows[0].observed_at).toBe('2026-02-03T00:00:00.000Z')
    expect(body.warnings.map((w: any) => w.code)).toContain('ambiguous_date')
  })
})

describe('FHIR coding, comparators, interpretation, specimen and vitals', () => {
  const entry = (resource: Record<string, unknown>) => ({
    resource: {
      resourceType: 'Observation',
      status: 'final',
      effectiveDateTime: '2026-04-01T09:00:00Z',
      ...resource,
    },
  })
  const loinc = (code: string, display: string) => ({
    coding: [{ system: 'http://loinc.org', code, display }],
  })
  const bundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: [
      entry({
        id: 'g',
        code: loinc('1558-6', 'Fasting glucose'),
        valueQuantity: { value: 101, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
        interpretation: [
          {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'H' },
            ],
          },
        ],
      }),
      entry({
        id: 'e',
        code: loinc('62238-1', 'eGFR CKD-EPI'),
        valueQuantity: { value: 60, comparator: '>', unit: 'mL/min/1.73m2' },
      }),
      entry({
        id: 'd',
        code: loinc('1989-3', '25-OH vitamin D3'),
        valueQuantity: { value: 31, unit: 'ng/mL' },
      }),
      entry({ id: 'l', code: loinc('18262-6', 'LDL direct'), valueQuantity: { value: 2.9, unit: 'mmol/L' } }),
      entry({
        id: 'c',
        code: loinc('30522-7', 'hs-CRP'),
        valueQuantity: { value: 0.3, comparator: '<', unit: 'mg/L' },
      }),
      entry({
        id: 'u',
        code: loinc('25428-4', 'Glucose [Presence] in Urine by Test strip'),
        valueCodeableConcept: { text: 'Negative' },
      }),
      entry({
        id: 'bp',
        code: loinc('85354-9', 'Blood pressure panel'),
        component: [
          {
            code: loinc('8480-6', 'Systolic blood pressure'),
            valueQuantity: { value: 128, unit: 'mmHg', code: 'mm[Hg]', system: 'http://unitsofmeasure.org' },
          },
          {
            code: loinc('8462-4', 'Diastolic blood pressure'),
            valueQuantity: { value: 82, unit: 'mmHg', code: 'mm[Hg]', system: 'http://unitsofmeasure.org' },
          },
        ],
      }),
      entry({
        id: 'w',
        code: loinc('29463-7', 'Body weight'),
        valueQuantity: { value: 72.5, unit: 'kg', code: 'kg', system: 'http://unitsofmeasure.org' },
      }),
      entry({
        id: 'b',
        code: loinc('39156-5', 'BMI'),
        valueQuantity: { value: 23.1, unit: 'kg/m2', code: 'kg/m2', system: 'http://unitsofmeasure.org' },
      }),
      entry({
        id: 't',
        code: loinc('8310-5', 'Body temperature'),
        valueQuantity: { value: 98.6, unit: 'degF', code: '[degF]', system: 'http://unitsofmeasure.org' },
      }),
    ],
  }

  it('maps alternate LOINC codes, keeps comparators and interpretation, files urine glucose apart, and stores vitals', async () => {
    const { body, rows } = await upload({ text: JSON.stringify(bundle) })
    expect(body.unknown_markers).toEqual([])
    expect(byCode(rows, 'glucose')).toMatchObject({
      value: 101,
      lab_flag: 'high',
      source_ref: 'entry[0] Observation/g',
    })
    expect(byCode(rows, 'egfr')).toMatchObject({ value: 60, comparator: '>' })
    expect(byCode(rows, 'vitamin_d_25oh').value).toBe(31)
    expect(byCode(rows, 'ldl_cholesterol').value).toBeCloseTo(112.1, 1)
    expect(byCode(rows, 'hs_crp')).toMatchObject({ value: 0.3, comparator: '<' })
    expect(byCode(rows, 'urine_glucose')).toMatchObject({
      value: null,
      value_text: 'Negative',
      specimen: 'urine',
    })
    expect(rows.filter((r) => r.code === 'glucose')).toHaveLength(1)
    expect(byCode(rows, 'systolic_bp')).toMatchObject({ value: 128, unit: 'mm[Hg]' })
    expect(byCode(rows, 'diastolic_bp')).toMatchObject({ value: 82, unit: 'mm[Hg]' })
    expect(byCode(rows, 'body_weight')).toMatchObject({ value: 72.5, unit: 'kg' })
    expect(byCode(rows, 'bmi')).toMatchObject({ value: 23.1 })
    expect(byCode(rows, 'body_temperature').value).toBeCloseTo(37, 1)
  })

  it('reads a specimen column, and keeps a urine glucose out of the blood glucose series', async () => {
    const { rows } = await upload({
      text: 'Test,Result,Units,Specimen,Date\nGlucose,92,mg/dL,Serum,2026-01-10\nGlucose,Negative,,Urine,2026-01-10\nHemoglobin A1c,5.4,%,EDTA whole blood,2026-01-10\n',
    })
    expect(rows.filter((r) => r.code === 'glucose')).toHaveLength(1)
    expect(byCode(rows, 'glucose')).toMatchObject({ value: 92, specimen: 'serum_plasma' })
    expect(byCode(rows, 'urine_glucose')).toMatchObject({ specimen: 'urine', value_text: 'Negative' })
    expect(byCode(rows, 'hba1c').specimen).toBe('whole_blood')
  })

  it('keeps a result in another body fluid (CSF glucose) out of the blood series', async () => {
    const { body, rows } = await upload({
      text: 'Test,Result,Units,Specimen\nGlucose,58,mg/dL,CSF\nGlucose CSF,60,mg/dL,\nProtein,45,mg/dL,Cerebrospinal fluid\n',
    })
    expect(rows.filter((r) => r.code === 'glucose' || r.code === 'total_protein')).toEqual([])
    expect(rows.every((r) => r.specimen === 'other')).toBe(true)
    expect(body.warnings.map((w: any) => w.code)).toContain('other_specimen')
  })

  it('never files a urine test named like a blood test under the blood marker', async () => {
    const { rows } = await upload({
      text: 'Test,Result,Units\n"Glucose, Urine",Negative,\nGlucose Urine Quantitative,20,mg/dL\nProtein Urine,Trace,\n',
    })
    expect(rows.filter((r) => r.code === 'glucose')).toEqual([])
    expect(rows.every((r) => r.specimen === 'urine')).toBe(true)
  })
})

describe('report text with header and footer lines', () => {
  it('skips patient, DOB and page lines with a warning and never reads DOB as a marker', async () => {
    const text = [
      'Quest Diagnostics',
      'Patient: DOE, JANE   DOB: 04/12/1980   Sex: F',
      'Collected: 03/01/2026 07:30 AM   Received: 03/01/2026',
      'Test Name                 In Range   Out Of Range   Reference Range   Lab',
      'GLUCOSE                              105 H          65-99 mg/dL       EN',
      'HEMOGLOBIN A1c            5.4                       <5.7 % of total Hgb EN',
      'Page 1 of 2',
    ].join('\n')
    const { body, rows } = await upload({ text })
    expect(body.markers).toEqual(['glucose', 'hba1c'])
    expect(body.unknown_markers).toEqual([])
    expect(byCode(rows, 'glucose')).toMatchObject({
      value: 105,
      lab_flag: 'high',
      reference_high: 99,
      observed_at: '2026-03-01T07:30:00.000Z',
    })
    expect(body.warnings.filter((w: any) => w.code === 'skipped_line').map((w: any) => w.line)).toEqual([
      2, 7,
    ])
    // The warning never repeats the patient's details.
    expect(JSON.stringify(body.warnings)).not.toContain('DOE')
  })
})

describe('report dates', () => {
  it('keeps the collection date when a report date follows it', async () => {
    const { rows } = await upload({
      text: 'Collected: 2026-02-01 07:10\nReported: 2026-02-03\nGlucose 92 mg/dL\n',
    })
    expect(rows[0].observed_at).toBe('2026-02-01T07:10:00.000Z')
  })
})

describe('odd report content', () => {
  it('answers 201 or a 422 problem, never a crash, for report lines as damaged text comes', async () => {
    const odd = [
      'Glucose , , , mg/dL',
      'Glucose <<5 mg/dL',
      'Glucose 1.2.3 mg/dL',
      'Glucose 9999999999999999999999 mg/dL',
      'Glucose -0 mg/dL',
      'Glucose 5,5,5 mmol/L',
      'Glucose 92 mg/dL\u0000',
      'Glucose 92 mg/dL (ref 70 - ) H',
      'Glucose 92 (H) (L) mg/dL',
      'HbA1c 42 mmol/mol Hb extra words here 7',
      `${'A'.repeat(5000)} 5 mg/dL`,
      'Collected: 31/02/2026\nGlucose 92 mg/dL',
      'Collected: 2026-13-45\nGlucose 92 mg/dL',
      '\u202eGlucose 92 mg/dL',
      'Page 1 of 1\nPatient: X DOB: 01/01/1990',
    ]
    for (const text of odd) {
      const r = await imports.upload(p, { text })
      expect([text.slice(0, 40), [201, 422].includes(r.status)]).toEqual([text.slice(0, 40), true])
      if (r.status === 422) expect(r.headers.get('content-type')).toContain('application/problem+json')
    }
  })
})

describe('two-column report pages', () => {
  it('reads two results printed side by side in one row, citing each half', async () => {
    const { rows } = await upload({
      text: 'Collected: 2026-02-01\nGlucose   92   mg/dL   70-99        Sodium   140   mmol/L   135-145\nPotassium 4.1 mmol/L\n',
    })
    expect(rows.map((r) => [r.code, r.value, r.source_ref])).toEqual([
      ['glucose', 92, 'line 2, left'],
      ['potassium', 4.1, 'line 3'],
      ['sodium', 140, 'line 2, right'],
    ])
  })
})
