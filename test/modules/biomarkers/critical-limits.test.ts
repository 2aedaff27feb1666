// Critical limits: every limit in its marker's canonical unit with a cited source, and the boundaries
// of the limits, censored values included.

import { describe, expect, it } from 'bun:test'
import { biomarkerByCode } from '../../../modules/biomarkers/catalog'
import { CRITICAL_LIMITS, criticalLimitFor, criticalSide } from '../../../modules/biomarkers/critical-limits'

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
    // A hypertensive crisis (ACC/AHA 2017): above 180 systolic or 120 diastolic.
    expect(criticalSide(criticalLimitFor('systolic_bp')!, 185)).toBe('high')
    expect(criticalSide(criticalLimitFor('diastolic_bp')!, 118)).toBeNull()
  })
})
