// Console output of third-party code: captured around a library call, and routed into a content-free
// log event for the rest of a running process.

import { afterEach, describe, expect, it } from 'bun:test'
import { UcumLhcUtils } from '@lhncbc/ucum-lhc'
import { routeStrayConsole, withConsoleCaptured } from '../../../modules/shared/console-capture'
import { memoryLogger } from '../../../modules/shared/logger'

const saved = {
  log: console.log,
  warn: console.warn,
  error: console.error,
  info: console.info,
  debug: console.debug,
  trace: console.trace,
}
afterEach(() => Object.assign(console, saved))

describe('console output of libraries', () => {
  it('captures what the UCUM library prints for a unit it cannot parse, and restores the console', () => {
    const printed: string[] = []
    console.log = (...args: unknown[]) => void printed.push(args.join(' '))
    const before = console.log
    const { value, printed: count } = withConsoleCaptured(() =>
      UcumLhcUtils.getInstance().convertUnitTo('mmol/mol PRODLEAK 41.7', 1, 'mmol/mol', {}),
    )
    expect(value.status).not.toBe('succeeded')
    // The library did print (that is what is being kept off stdout), and nothing got through.
    expect(count).toBe(1)
    expect(printed).toEqual([])
    expect(console.log).toBe(before)
  })

  it('restores the console when the call throws', () => {
    const before = console.error
    expect(() =>
      withConsoleCaptured(() => {
        console.error('inside')
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(console.error).toBe(before)
  })

  it('routes stray console output into a log event that holds no printed text', () => {
    const log = memoryLogger()
    routeStrayConsole(log)
    console.log('glucose 5.4 mmol/L\n{"event":"auth.api_key_revoked"}')
    console.error('PRODLEAK')
    Object.assign(console, saved)
    expect(log.lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 'warn', event: 'console.output_suppressed', method: 'log', chars: 51 },
      { level: 'warn', event: 'console.output_suppressed', method: 'error', chars: 8 },
    ])
    expect(log.lines.join('\n')).not.toContain('PRODLEAK')
    expect(log.lines.join('\n')).not.toContain('glucose')
  })
})
