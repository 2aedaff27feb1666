// lazyModule: a module loaded on first use, loaded once however often it is asked for, and tried again
// after a failed load instead of failing for good.

import { describe, expect, test } from 'bun:test'
import { lazyModule } from '../../../modules/shared/lazy-module'

describe('lazyModule', () => {
  test('loads nothing until asked, then loads once for every later call', async () => {
    let loads = 0
    const module = lazyModule(async () => {
      loads++
      return { answer: 42 }
    })
    expect(loads).toBe(0)
    const first = await module()
    const rest = await Promise.all(Array.from({ length: 50 }, () => module()))
    expect(loads).toBe(1)
    expect(first.answer).toBe(42)
    for (const m of rest) expect(m).toBe(first)
  })

  test('a real import() resolves to the module itself', async () => {
    const problem = lazyModule(() => import('../../../modules/shared/problem'))
    const direct = await import('../../../modules/shared/problem')
    expect((await problem()).ProblemError).toBe(direct.ProblemError)
  })

  test('a failed load reaches its caller, and the next call tries again', async () => {
    let loads = 0
    const module = lazyModule(async () => {
      if (++loads === 1) throw new Error('disk hiccup')
      return 'loaded'
    })
    await expect(module()).rejects.toThrow('disk hiccup')
    expect(await module()).toBe('loaded')
    expect(await module()).toBe('loaded')
    expect(loads).toBe(2)
  })
})
