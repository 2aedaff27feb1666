// Unit conversion through UCUM with molar masses, the written forms labs use, and the linear rules
// UCUM cannot derive (HbA1c IFCC ↔ NGSP, insulin, mEq/L).

import { describe, expect, it } from 'bun:test'
import { biomarkerByCode } from '../../../modules/biomarkers/catalog'
import { toUcum } from '../../../modules/biomarkers/lab-units'
import { convert, convertToCanonical } from '../../../modules/biomarkers/units'

const m = (code: string) => biomarkerByCode(code)!
const canonical = (code: string, value: number, unit: string) => {
  const r = convertToCanonical(m(code), value, unit)
  if ('error' in r) throw new Error(r.error)
  return r
}

describe('convertToCanonical', () => {
  it('converts SI lipid and glucose results to mg/dL with the molar mass', () => {
    expect(canonical('glucose', 5.0, 'mmol/L').value).toBeCloseTo(90.08, 1)
    expect(canonical('ldl_cholesterol', 2.59, 'mmol/L').value).toBeCloseTo(100.1, 1)
    expect(canonical('triglycerides', 1.7, 'mmol/L').value).toBeCloseTo(150.6, 1)
    expect(canonical('creatinine', 88.4, 'umol/L').value).toBeCloseTo(1.0, 2)
    expect(canonical('vitamin_d_25oh', 75, 'nmol/L').value).toBeCloseTo(30.05, 1)
  })

  it('reads the unit spellings of lab reports', () => {
    expect(canonical('creatinine', 88.4, 'µmol/L').value).toBeCloseTo(1.0, 2)
    expect(canonical('wbc', 6.1, 'x10^9/L').value).toBeCloseTo(6.1, 6)
    expect(canonical('wbc', 6100, 'cells/uL').value).toBeCloseTo(6.1, 6)
    expect(canonical('platelets', 250, 'K/uL').value).toBe(250)
    expect(canonical('tsh', 2.1, 'uIU/mL')).toEqual({ value: 2.1, unit: 'm[IU]/L' })
    expect(canonical('hemoglobin', 140, 'g/L').value).toBeCloseTo(14, 6)
    expect(canonical('egfr', 92, 'mL/min/1.73m2').value).toBe(92)
    expect(toUcum('mg/dl')).toBe('mg/dL')
    expect(toUcum(' mIU/L ')).toBe('m[IU]/L')
  })

  it('converts HbA1c from IFCC mmol/mol with the master equation, not as a plain ratio', () => {
    expect(canonical('hba1c', 39, 'mmol/mol').value).toBeCloseTo(5.72, 2)
    expect(canonical('hba1c', 48, 'mmol/mol').value).toBeCloseTo(6.54, 2)
    const back = convert(m('hba1c'), 6.5, '%', 'mmol/mol')
    expect('error' in back ? back.error : back.value).toBeCloseTo(47.5, 1)
  })

  it('applies the insulin and mEq/L rules', () => {
    expect(canonical('insulin', 60, 'pmol/L').value).toBeCloseTo(10, 6)
    expect(canonical('sodium', 140, 'mEq/L').value).toBe(140)
    expect(canonical('magnesium', 1.6, 'mEq/L').value).toBeCloseTo(1.944, 3)
    expect(canonical('urine_albumin_creatinine_ratio', 3, 'mg/mmol').value).toBeCloseTo(26.5, 1)
  })

  it('returns an error instead of throwing for an impossible or unknown unit', () => {
    expect(convertToCanonical(m('hba1c'), 5, 'mg/dL')).toHaveProperty('error')
    expect(convertToCanonical(m('glucose'), 5, 'furlongs')).toHaveProperty('error')
    expect(convertToCanonical(m('glucose'), 5, '')).toHaveProperty('error')
    expect(convertToCanonical(m('glucose'), Number.NaN, 'mg/dL')).toHaveProperty('error')
    expect(convertToCanonical(m('lipoprotein_a'), 40, 'mg/dL')).toHaveProperty('error')
  })
})
