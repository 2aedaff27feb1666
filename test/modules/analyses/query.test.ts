// POST /query: answers from the user's own data and the catalogs by retrieval, each statement citing
// its sources and references; says plainly when the data cannot answer; and, with QUERY_LLM_URL set,
// lets a model (here a local fake speaking the OpenAI chat-completions wire format) phrase the answer
// from the retrieved statements only.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { type TestApp, testApp } from '../../support/app'
import { scopeOf, seedGenetics, seedLabs, seedWearables } from './seed'

let t: TestApp
let owner: Awaited<ReturnType<TestApp['userWithKey']>>
let labs: Awaited<ReturnType<typeof seedLabs>>

beforeAll(async () => {
  t = await testApp()
  owner = await t.userWithKey()
  labs = await seedLabs(t, scopeOf(owner))
  await seedWearables(t, scopeOf(owner))
  await seedGenetics(t, scopeOf(owner))
})
afterAll(() => t.cleanup())

describe('POST /query (retrieval only)', () => {
  it('answers from the user’s data, every statement citing sources or catalog references', async () => {
    const r = await t.call('POST', '/query', {
      token: owner.key,
      body: { question: 'How has my LDL cholesterol changed?' },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      answerable: true,
      topics: ['ldl_cholesterol'],
      phrased_by: 'retrieval',
      model: null,
    })
    expect(r.body.statements[0].text).toContain('162 mg/dL on 2026-01-05 is above the reference range')
    expect(
      r.body.statements[0].citations
        .filter((c: any) => c.kind === 'source')
        .map((c: any) => c.id)
        .sort(),
    ).toEqual([labs.first.id, labs.second.id].sort())
    expect(
      r.body.statements.some((s: any) => s.citations.some((c: any) => c.id === 'catalog:ldl_cholesterol')),
    ).toBe(true)
    expect(r.body.statements.some((s: any) => s.text.includes('APOE'))).toBe(true)
    for (const s of r.body.statements) expect(s.citations.length).toBeGreaterThan(0)
    expect(r.body.answer).toContain('162 mg/dL')
  })

  it('answers about wearable metrics from the personal baseline', async () => {
    const r = await t.call('POST', '/query', {
      token: owner.key,
      body: { question: 'what about my resting heart rate lately' },
    })
    expect(r.body.topics).toEqual(['resting_heart_rate'])
    expect(r.body.statements[0].text).toContain('above your 28-day baseline')
  })

  it('says plainly when the data cannot answer', async () => {
    const none = await t.call('POST', '/query', {
      token: owner.key,
      body: { question: 'Will it rain tomorrow?' },
    })
    expect(none.body).toMatchObject({ answerable: false, topics: [], statements: [] })
    expect(none.body.answer).toStartWith('Your data and the catalogs cannot answer this question')
    const missing = await t.call('POST', '/query', {
      token: owner.key,
      body: { question: 'Is my ferritin ok?' },
    })
    expect(missing.body.answerable).toBe(false)
    expect(missing.body.answer).toStartWith(
      'Your data cannot answer this question: there are no results for ferritin.',
    )
  })

  it('refuses an empty question, another user’s analysis id and another user’s name', async () => {
    const other = await t.userWithKey()
    expect((await t.call('POST', '/query', { token: owner.key, body: { question: '' } })).status).toBe(422)
    const analysis = await t.call('POST', '/analyses', { token: owner.key, body: {} })
    const borrowed = await t.call('POST', '/query', {
      token: other.key,
      body: { question: 'LDL?', analysis_id: analysis.body.id },
    })
    expect(borrowed.status).toBe(404)
    const named = await t.call('POST', '/query', {
      token: other.key,
      body: { question: 'LDL?', user_id: owner.userId },
    })
    expect(named.status).toBe(403)
    const own = await t.call('POST', '/query', {
      token: other.key,
      body: { question: 'How is my LDL cholesterol?' },
    })
    expect(own.body.answerable).toBe(false)
    expect(own.text).not.toContain('162')
  })
})

describe('POST /query with a model', () => {
  const seen: any[] = []
  let reply = (_facts: string) => 'Your LDL cholesterol rose to 162 mg/dL [F1].'
  const fake = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const body = (await request.json()) as any
      seen.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization'), body })
      return Response.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: reply(body.messages[1].content) },
          },
        ],
      })
    },
  })
  let m: TestApp
  let user: Awaited<ReturnType<TestApp['userWithKey']>>
  beforeAll(async () => {
    m = await testApp({
      queryLlm: { url: `http://127.0.0.1:${fake.port}/v1`, model: 'local-test', apiKey: 'k-123' },
    })
    user = await m.userWithKey()
    await seedLabs(m, scopeOf(user))
  })
  afterAll(async () => {
    fake.stop(true)
    await m.cleanup()
  })

  it('sends only the retrieved statements and returns the model’s cited phrasing', async () => {
    const r = await m.call('POST', '/query', {
      token: user.key,
      body: { question: 'How is my LDL cholesterol?' },
    })
    expect(r.body).toMatchObject({
      phrased_by: 'llm',
      model: 'local-test',
      answer: 'Your LDL cholesterol rose to 162 mg/dL [F1].',
    })
    const call = seen.at(-1)
    expect(call.path).toBe('/v1/chat/completions')
    expect(call.auth).toBe('Bearer k-123')
    expect(call.body.model).toBe('local-test')
    expect(call.body.messages[0].content).toContain('Use only the numbered facts')
    expect(call.body.messages[1].content).toContain(`[F1] ${r.body.statements[0].text}`)
    expect(r.body.statements[0].citations.length).toBeGreaterThan(0)
  })

  it('falls back to the retrieved statements when the model cites nothing', async () => {
    reply = () => 'LDL is fine, do not worry.'
    const r = await m.call('POST', '/query', {
      token: user.key,
      body: { question: 'How is my LDL cholesterol?' },
    })
    expect(r.body.phrased_by).toBe('retrieval')
    expect(r.body.answer).toContain('162 mg/dL')
    expect(r.body.notes.at(-1)).toContain('did not cite the retrieved facts')
  })
})
