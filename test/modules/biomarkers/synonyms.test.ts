// The name and LOINC tables beside the catalog: every entry points at a real marker with a source, every
// alternate LOINC code has a valid check digit, and the lookup finds markers by them.

import { describe, expect, it } from 'bun:test'
import { biomarkerByCode, findBiomarker, specimenOfLoinc } from '../../../modules/biomarkers/catalog'
import { toUcum } from '../../../modules/biomarkers/lab-units'
import { isValidLoinc } from '../../../modules/biomarkers/loinc'
import { LOINC_ALTERNATES } from '../../../modules/biomarkers/loinc-alternates'
import { REPORTED_NAMES } from '../../../modules/biomarkers/synonyms'
import { stripUnitAnnotations } from '../../../modules/biomarkers/unit-annotations'

describe('report names and alternate LOINC codes', () => {
  it('points every entry at a catalog marker and names its source', () => {
    expect(REPORTED_NAMES.filter((e) => !biomarkerByCode(e.code) || e.source.length < 10)).toEqual([])
    expect(LOINC_ALTERNATES.filter((a) => !biomarkerByCode(a.code) || !isValidLoinc(a.loinc))).toEqual([])
  })

  it('finds a marker by each of its alternate LOINC codes, with the specimen where the code names one', () => {
    for (const a of LOINC_ALTERNATES)
      expect([a.loinc, findBiomarker(a.loinc)?.code]).toEqual([a.loinc, a.code])
    expect(specimenOfLoinc('25428-4')).toBe('urine')
    expect(specimenOfLoinc('1558-6')).toBeUndefined()
  })

  it('drops assay-method suffixes US labs append to a name', () => {
    expect(findBiomarker('VITAMIN D,25-OH,TOTAL,IA')?.code).toBe('vitamin_d_25oh')
    expect(findBiomarker('TESTOSTERONE, TOTAL, MS')?.code).toBe('testosterone_total')
    expect(findBiomarker('LDL Chol Calc (NIH)')?.code).toBe('ldl_cholesterol')
    expect(findBiomarker('Glucose, Urine')?.code).toBe('urine_glucose')
  })

  it('strips unit annotations before the unit lookup', () => {
    expect(stripUnitAnnotations('mg/dL (calc)')).toBe('mg/dL')
    expect(toUcum('% of total Hgb')).toBe('%')
    expect(toUcum('%HbA1c')).toBe('%')
    expect(toUcum('mmol/mol Hb')).toBe('mmol/mol')
    for (const u of ['mL/min/1.73 m^2', 'mL/min/1.73sqm', 'mL/min/1,73m²', 'mL/min/1.73m2'])
      expect([u, toUcum(u)]).toEqual([u, 'mL/min/{1.73_m2}'])
  })
})
