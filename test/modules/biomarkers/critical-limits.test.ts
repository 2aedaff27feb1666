// Critical limits and lab flags: the boundaries of the cited limits, censored values, and the flags
// labs print (H, L, HH, LL, FHIR interpretation codes) normalized as the urgent tier reads them.

import { describe, expect, it } from 'bun:test'
import { biomarkerByCode } from '../../../modules/biomarkers/catalog'
import { CRITICAL_LIMITS, criticalLimitFor, criticalSide } from '../../../modules/biomarkers/critical-limits'
import { normalizeLabFlag } from '../../../modules/biomarkers/lab-flags'

describe('critical limits', () => {
  it('are in each marker’s canonical unit and cite a source', () => {
    for (const limit of CRITICAL_LIMITS) {
      expect(biomarkerByCode(limit.code)?.unit).toBe(limit.unit)
      expect(limit.citation.title.length).toBeGreaterThan(20)
      expect(limit.below !== undefined || limit.from !== undefined).toBe(true)
    }
  })

  it('count a value below the low limit or at or above the high one, and a censored value only past it', () => {
    const k = criticalLimitFor('potassium')!
    expect(criticalSide(k, 6.19)).toBeNull()
    expect(criticalSide(k, 6.2)).toBe('high')
    expect(criticalSide(k, 2.49)).toBe('low')
    expect(criticalSide(k, 2.5)).toBeNull()
    const glucose = criticalLimitFor('glucose')!
    expect(criticalSide(glucose, 600, '>')).toBe('high')
    expect(criticalSide(glucose, 450, '<')).toBeNull()
    expect(criticalSide(glucose, 20, '<')).toBe('low')
  })
})

describe('lab flags', () => {
  it('normalize the flags reports and FHIR print', () => {
    expect(['H', 'high', '↑'].map(normalizeLabFlag)).toEqual(['high', 'high', 'high'])
    expect(['HH', 'H*', 'critical high', 'HU'].map(normalizeLabFlag)).toEqual(Array(4).fill('critical_high'))
    expect(['LL', 'L*', 'Panic low'].map(normalizeLabFlag)).toEqual(Array(3).fill('critical_low'))
    expect(['AA', 'A', 'N', ''].map(normalizeLabFlag)).toEqual(['critical', 'abnormal', 'normal', null])
    expect(normalizeLabFlag('see note')).toBeNull()
    expect(normalizeLabFlag(42)).toBeNull()
  })
})
