// A pasted report with one enormous line (a pasted blob, a broken export) is read line by line as any
// other: the long line is skipped with a warning and the results around it are kept. Before the reader
// skipped such lines its patterns backtracked for minutes on a 300 kB line (found by the import fuzzer).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
let key: string
beforeAll(async () => {
  t = await testApp()
  key = (await t.userWithKey()).key
})
afterAll(() => t.cleanup())

describe('pasted lab text with a huge line', () => {
  it('skips the huge line with a warning and keeps the results around it', async () => {
    const text = `Glucose 92 mg/dL\n${'x'.repeat(300_000)}\nHbA1c 5.4 %\n`
    const r = await t.call('POST', '/imports/file', { token: key, body: { filename: 'pasted.txt', text } })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ format: 'lab_text', observation_count: 2, markers: ['glucose', 'hba1c'] })
    expect(r.body.warnings).toContainEqual({
      code: 'unreadable_line',
      message: `"${'x'.repeat(80)}" does not read as a result ("Name value unit"); it was skipped.`,
      line: 2,
    })
  })
})
