// The entry to the UCUM library: unit strings holding whitespace or control characters are refused
// before the library sees them, and whatever the library prints is captured, never written out.

import { afterEach, describe, expect, it } from 'bun:test'
import { biomarkerByCode } from '../../../modules/biomarkers/catalog'
import { convertToCanonical } from '../../../modules/biomarkers/units'

const hba1c = biomarkerByCode('hba1c')!
const original = console.log
afterEach(() => {
  console.log = original
})

/** Everything console.log receives while `call` runs. */
function printedDuring(call: () => void): string[] {
  const printed: string[] = []
  console.log = (...args: unknown[]) => void printed.push(args.join(' '))
  try {
    call()
  } finally {
    console.log = original
  }
  return printed
}

describe('the UCUM entry', () => {
  for (const unit of [
    'mmol/mol PRODLEAK 41.7',
    'mmol/mol\n{"event":"forged"}',
    'mmol/mol\u0000',
    'mmol/mol\u202e',
  ]) {
    it(`refuses ${JSON.stringify(unit)} without echoing it`, () => {
      let result: ReturnType<typeof convertToCanonical> | undefined
      expect(printedDuring(() => (result = convertToCanonical(hba1c, 41.7, unit)))).toEqual([])
      expect(result).toEqual({
        error:
          'The unit given for hba1c holds spaces or control characters, which no UCUM unit has; write it as UCUM or as the lab prints it (e.g. mmol/mol).',
      })
    })
  }

  it('still converts ordinary lab units, spaced ones included', () => {
    const converted = convertToCanonical(hba1c, 47.5, 'mmol/mol') as { value: number; unit: string }
    expect(converted.unit).toBe('%')
    expect(converted.value).toBeCloseTo(6.5, 1)
    expect(convertToCanonical(hba1c, 47.5, 'mmol / mol')).toEqual(converted)
  })
})
