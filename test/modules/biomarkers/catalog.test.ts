// The biomarker catalog: size and coverage, well-formed entries (valid LOINC check digits, UCUM units
// that convert, cited ranges), and name lookup the way lab reports write names.

import { describe, expect, it } from 'bun:test'
import {
  BIOMARKERS,
  biomarkerByCode,
  biomarkerByLoinc,
  findBiomarker,
} from '../../../modules/biomarkers/catalog'
import { isValidLoinc } from '../../../modules/biomarkers/loinc'
import { classify, rangeFor } from '../../../modules/biomarkers/ranges'
import { convertToCanonical } from '../../../modules/biomarkers/units'

describe('biomarker catalog', () => {
  it('holds at least 100 markers across every required category, with unique codes and LOINC codes', () => {
    expect(BIOMARKERS.length).toBeGreaterThanOrEqual(100)
    const categories = new Set(BIOMARKERS.map((m) => m.category))
    for (const c of [
      'lipids',
      'glucose',
      'cbc',
      'metabolic',
      'liver',
      'kidney',
      'thyroid',
      'iron',
      'vitamins',
      'hormones',
      'inflammation',
    ]) {
      expect(categories.has(c as never)).toBe(true)
    }
    expect(new Set(BIOMARKERS.map((m) => m.code)).size).toBe(BIOMARKERS.length)
    expect(new Set(BIOMARKERS.map((m) => m.loinc)).size).toBe(BIOMARKERS.length)
  })

  it('gives every marker a LOINC code with a valid check digit', () => {
    const bad = BIOMARKERS.filter((m) => !isValidLoinc(m.loinc)).map((m) => `${m.code}:${m.loinc}`)
    expect(bad).toEqual([])
    expect(isValidLoinc('2093-3')).toBe(true)
    expect(isValidLoinc('2093-4')).toBe(false)
    expect(isValidLoinc('cholesterol')).toBe(false)
  })

  it('converts every alternate unit of every marker to its canonical unit', () => {
    const failures = BIOMARKERS.flatMap((m) =>
      [m.unit, ...m.alternate_units].flatMap((u) => {
        const r = convertToCanonical(m, 1, u)
        return 'error' in r ? [`${m.code} ${u}: ${r.error}`] : []
      }),
    )
    expect(failures).toEqual([])
  })

  it('cites a source and a basis for every marker, and gives each a reference range with a bound', () => {
    for (const m of BIOMARKERS) {
      expect(m.citation.title.length).toBeGreaterThan(20)
      expect(['guideline', 'typical_laboratory_interval']).toContain(m.citation.basis)
      // Body weight alone has no population interval (BMI is judged instead).
      if (m.code !== 'body_weight') expect(m.reference.length).toBeGreaterThan(0)
      expect(m.reference.every((r) => r.low !== undefined || r.high !== undefined)).toBe(true)
      expect(m.noise_percent).toBeGreaterThan(0)
    }
  })

  it('finds markers by the names lab reports use', () => {
    const cases: [string, string][] = [
      ['LDL-Cholesterol (calc)', 'ldl_cholesterol'],
      ['LDL Cholesterol Calculated', 'ldl_cholesterol'],
      ['Hemoglobin A1c', 'hba1c'],
      ['HbA1c', 'hba1c'],
      ['Hb A1c', 'hba1c'],
      ['Glucose, Serum', 'glucose'],
      ['Vitamin D, 25-Hydroxy', 'vitamin_d_25oh'],
      ['TSH', 'tsh'],
      ['Non-HDL Cholesterol', 'non_hdl_cholesterol'],
      ['ApoB', 'apolipoprotein_b'],
      ['hs-CRP', 'hs_crp'],
      ['Neutrophils (Absolute)', 'neutrophils_absolute'],
      ['Neutrophils', 'neutrophils_percent'],
      ['ALT', 'alt'],
      ['ALT (SGPT)', 'alt'],
      ['eGFR', 'egfr'],
      ['Ferritin', 'ferritin'],
    ]
    for (const [name, code] of cases) expect([name, findBiomarker(name)?.code]).toEqual([name, code])
  })

  it('finds markers by canonical code and LOINC code, and returns undefined for unknown names', () => {
    expect(findBiomarker('ldl_cholesterol')?.loinc).toBe('13457-7')
    expect(findBiomarker('2085-9')?.code).toBe('hdl_cholesterol')
    expect(biomarkerByCode('tsh')?.loinc).toBe('3016-3')
    expect(biomarkerByLoinc('4548-4')?.code).toBe('hba1c')
    expect(findBiomarker('Unobtainium')).toBeUndefined()
    expect(findBiomarker('   ')).toBeUndefined()
  })

  it('tells Lp(a) by mass from Lp(a) by moles through the unit', () => {
    expect(findBiomarker('Lp(a)', 'mg/dL')?.code).toBe('lipoprotein_a_mass')
    expect(findBiomarker('Lp(a)', 'nmol/L')?.code).toBe('lipoprotein_a')
  })
})

describe('ranges by sex and age', () => {
  it('picks the sex-specific range, and the envelope when sex is unknown', () => {
    const hgb = biomarkerByCode('hemoglobin')!
    expect(rangeFor(hgb.reference, { sex: 'female' })).toEqual({ sex: 'female', low: 12, high: 15.5 })
    expect(rangeFor(hgb.reference, {})).toEqual({ low: 12, high: 17.5 })
  })

  it('picks the age band where the range depends on age', () => {
    const psa = biomarkerByCode('psa')!
    expect(rangeFor(psa.reference, { sex: 'male', age: 45 })?.high).toBe(2.5)
    expect(rangeFor(psa.reference, { sex: 'male', age: 72 })?.high).toBe(6.5)
    expect(rangeFor(psa.reference, { sex: 'male' })?.high).toBe(4.0)
  })

  it('classifies a value as low, in range or high, with the optimal range where one exists', () => {
    const ldl = biomarkerByCode('ldl_cholesterol')!
    expect(classify(ldl, 145)).toMatchObject({ status: 'high', optimal: false })
    expect(classify(ldl, 90)).toMatchObject({ status: 'in_range', optimal: true })
    const ferritin = biomarkerByCode('ferritin')!
    expect(classify(ferritin, 10, { sex: 'female' }).status).toBe('low')
  })
})

describe('findBiomarker with a unit', () => {
  it('reads a bare leukocyte name as the count when the unit is a count', () => {
    expect(findBiomarker('Neutrophils', 'x10^9/L')?.code).toBe('neutrophils_absolute')
    expect(findBiomarker('Neutrophils', '%')?.code).toBe('neutrophils_percent')
  })
})
