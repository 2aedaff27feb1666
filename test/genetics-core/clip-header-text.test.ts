// Header text quoted back in evidence is cut to a readable length, whatever the header holds.

import { describe, expect, test } from 'bun:test'
import { clipHeaderText } from '../../genetics-core/detect/clip-header-text'
import { buildFromHeaderText } from '../../genetics-core/detect/genome-build'

describe('clipHeaderText', () => {
  test('trims, keeps text up to the limit and cuts longer text to the limit with "..."', () => {
    expect(clipHeaderText('  GRCh38  ', 10)).toBe('GRCh38')
    expect(clipHeaderText('x'.repeat(10), 10)).toBe('x'.repeat(10))
    expect(clipHeaderText('x'.repeat(11), 10)).toBe(`${'x'.repeat(7)}...`)
  })

  test("a build's evidence quotes at most 120 characters of a long ##reference path", () => {
    const path = `file:///${'very/long/path/'.repeat(20)}GRCh38_full_analysis_set.fa`
    const call = buildFromHeaderText([{ label: '##reference', value: path }])
    expect(call?.build).toBe('GRCh38')
    expect(call?.evidence).toBe(`##reference=${path.slice(0, 117)}...`)
  })
})
