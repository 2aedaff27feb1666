// tools/call for each family of tools the registry offers, on real stored data, over the socket: the
// structured result equals what the HTTP route answers, another user's ids give 404 with no data, and
// naming another user gives 403. Imports, goals, analyses (with action plans, wearable analysis, health
// context, retest reminders and grounded questions) and dashboards.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { estimateTokens, RESULT_TOKEN_CAP } from '../../../modules/mcp/tool-result'
import { createSource, type NewObservationInput } from '../../../modules/sources/service'
import { scopeOf } from '../../support/app'
import { type McpHarness, mcpHarness } from './harness'

let h: McpHarness
let alice: { key: string; userId: string; organizationId: string }
let bob: { key: string; userId: string; organizationId: string }
let aliceClient: Client
let bobClient: Client

const textOf = (result: any): string => result.content[0].text

function lab(code: string, name: string, value: number, unit: string, at: string): NewObservationInput {
  return { modality: 'biomarkers', code, original_name: name, value, unit, observed_at: at, source_ref: name }
}

/** Daily wearable values for `days` days ending 2026-03-31, with a shift in the last week. */
function dailySeries(code: string, unit: string, base: number, days: number): NewObservationInput[] {
  const end = Date.UTC(2026, 2, 31)
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(end - (days - 1 - i) * 86_400_000)
    const recent = i >= days - 7
    return {
      modality: 'wearables' as const,
      code,
      original_name: code,
      value: base + (i % 5) - 2 + (recent ? base * 0.15 : 0),
      unit,
      observed_at: day.toISOString(),
      device: 'test-ring',
    }
  })
}

beforeAll(async () => {
  h = await mcpHarness()
  h.t.clock.set(new Date('2026-04-01T09:00:00.000Z'))
  alice = await h.t.userWithKey()
  bob = await h.t.userWithKey()
  await createSource(h.t.context, scopeOf(alice), { modality: 'biomarkers', format: 'lab_csv' }, [
    lab('ldl_cholesterol', 'LDL-C', 162, 'mg/dL', '2026-03-02T08:00:00.000Z'),
    lab('hdl_cholesterol', 'HDL-C', 48, 'mg/dL', '2026-03-02T08:00:00.000Z'),
    lab('hba1c', 'HbA1c', 5.9, '%', '2026-03-02T08:00:00.000Z'),
  ])
  await createSource(
    h.t.context,
    scopeOf(alice),
    { modality: 'wearables', format: 'oura_json', provider: 'oura' },
    [...dailySeries('resting_heart_rate', '/min', 58, 60), ...dailySeries('hrv_rmssd', 'ms', 45, 60)],
  )
  aliceClient = await h.connect(alice.key)
  bobClient = await h.connect(bob.key)
})
afterAll(() => h.stop())

describe('goal tools', () => {
  let goalId: string

  it('creates a goal with create_goal and reports progress from the stored lab value', async () => {
    const result = await aliceClient.callTool({
      name: 'create_goal',
      arguments: {
        title: 'LDL under 130',
        marker: 'ldl_cholesterol',
        direction: 'below',
        target_value: 130,
        unit: 'mg/dL',
      },
    })
    expect(result.isError).toBeUndefined()
    const goal = result.structuredContent as any
    expect(goal).toMatchObject({
      title: 'LDL under 130',
      user_id: alice.userId,
      progress: { latest_value: 162, unit: 'mg/dL', met: false },
    })
    goalId = goal.id
  })

  it('lists goals with list_goals exactly as GET /goals does', async () => {
    const result = await aliceClient.callTool({ name: 'list_goals', arguments: {} })
    const http = await h.t.call('GET', '/goals', { token: alice.key })
    expect(result.structuredContent).toEqual(http.body)
    expect((result.structuredContent as any).data.map((g: any) => g.id)).toEqual([goalId])
  })

  it('refuses create_goal naming another user with 403, and stores nothing', async () => {
    const result = await aliceClient.callTool({
      name: 'create_goal',
      arguments: { title: 'Not mine', user_id: bob.userId },
    })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('403 ')
    expect((await h.t.call('GET', '/goals', { token: bob.key })).body.data).toEqual([])
  })

  it('answers delete_goal on another user’s goal with 404 and leaves it in place', async () => {
    const result = await bobClient.callTool({ name: 'delete_goal', arguments: { id: goalId } })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('404 Not Found:')
    expect((await h.t.call('GET', '/goals', { token: alice.key })).body.data).toHaveLength(1)
  })

  it('deletes the caller’s own goal with delete_goal', async () => {
    const result = await aliceClient.callTool({ name: 'delete_goal', arguments: { id: goalId } })
    expect(result.structuredContent).toMatchObject({ id: goalId, deleted: true })
    expect((await h.t.call('GET', '/goals', { token: alice.key })).body.data).toEqual([])
  })
})

describe('analysis tools', () => {
  let analysisId: string

  it('runs create_analysis over the caller’s data and stores what GET /analyses/{id} reads back', async () => {
    const result = await aliceClient.callTool({
      name: 'create_analysis',
      arguments: { profile: { sex: 'female', age_years: 42 } },
    })
    expect(result.isError).toBeUndefined()
    const analysis = result.structuredContent as any
    expect(analysis.id).toMatch(/^an_/)
    expect(analysis.user_id).toBe(alice.userId)
    expect(analysis.observations.some((o: any) => o.code === 'ldl_cholesterol')).toBe(true)
    expect(estimateTokens(result)).toBeLessThanOrEqual(RESULT_TOKEN_CAP)
    analysisId = analysis.id
    const http = await h.t.call('GET', `/analyses/${analysisId}`, { token: alice.key })
    // An analysis may be cut to fit the cap (the text then says so); what is kept is what was stored.
    if (textOf(result).includes('Cut /')) {
      expect(analysis.id).toBe(http.body.id)
      expect(analysis.observations.length).toBeLessThanOrEqual(http.body.observations.length)
    } else {
      expect(analysis).toEqual(http.body)
    }
  })

  it('reads it with get_analysis and lists it with list_analyses, as the HTTP routes do', async () => {
    const got = await aliceClient.callTool({ name: 'get_analysis', arguments: { id: analysisId } })
    expect((got.structuredContent as any).id).toBe(analysisId)
    const listed = await aliceClient.callTool({ name: 'list_analyses', arguments: { limit: 5 } })
    const http = await h.t.call('GET', '/analyses?limit=5', { token: alice.key })
    expect(listed.structuredContent).toEqual(http.body)
  })

  it('makes an action plan from the analysis with create_action_plan', async () => {
    const result = await aliceClient.callTool({
      name: 'create_action_plan',
      arguments: { id: analysisId, max_actions: 3 },
    })
    expect(result.isError).toBeUndefined()
    const plan = result.structuredContent as any
    expect(JSON.stringify(plan)).toContain(analysisId)
  })

  it('analyses the wearable series with analyze_wearables, citing the metrics it found', async () => {
    const result = await aliceClient.callTool({
      name: 'analyze_wearables',
      arguments: { metrics: ['resting_heart_rate', 'hrv_rmssd'] },
    })
    expect(result.isError).toBeUndefined()
    expect(estimateTokens(result)).toBeLessThanOrEqual(RESULT_TOKEN_CAP)
    const analysis = result.structuredContent as any
    expect(analysis.kind).toBe('wearables')
    expect(analysis.baselines.map((b: any) => b.metric ?? b.code).sort()).toEqual([
      'hrv_rmssd',
      'resting_heart_rate',
    ])
  })

  it('gives another user 404 for the analysis, on both get_analysis and create_action_plan', async () => {
    for (const [name, args] of [
      ['get_analysis', { id: analysisId }],
      ['create_action_plan', { id: analysisId }],
    ] as const) {
      const result = await bobClient.callTool({ name, arguments: args })
      expect(result.isError).toBe(true)
      expect(result.structuredContent).toBeUndefined()
      expect(textOf(result)).toStartWith('404 Not Found:')
      expect(textOf(result)).not.toContain('ldl_cholesterol')
    }
  })

  it('gives the dashboard spec and a private link for the analysis, and revokes the link', async () => {
    const designs = await aliceClient.callTool({ name: 'list_dashboard_designs', arguments: {} })
    const httpDesigns = await h.t.call('GET', '/designs', { token: alice.key })
    expect(designs.structuredContent).toEqual(httpDesigns.body)
    const designId = httpDesigns.body.data[0].id

    const spec = await aliceClient.callTool({
      name: 'get_dashboard_spec',
      arguments: { analysis_id: analysisId },
    })
    expect(spec.isError).toBeUndefined()
    expect(JSON.stringify(spec.structuredContent)).toContain(analysisId)

    const link = await aliceClient.callTool({
      name: 'create_dashboard_link',
      arguments: { analysis_id: analysisId, design_id: designId, expires_in_days: 2 },
    })
    expect(link.isError).toBeUndefined()
    const created = link.structuredContent as any
    expect(created).toMatchObject({ analysis_id: analysisId, visibility: 'private_by_possession' })
    expect(created.dashboard_url).toStartWith(h.t.config.publicBaseUrl)

    const listed = await aliceClient.callTool({ name: 'list_dashboard_links', arguments: {} })
    expect(listed.structuredContent).toEqual(
      (await h.t.call('GET', '/dashboard-links', { token: alice.key })).body,
    )

    const bobRevoke = await bobClient.callTool({
      name: 'revoke_dashboard_link',
      arguments: { id: created.id },
    })
    expect(bobRevoke.isError).toBe(true)
    expect(textOf(bobRevoke)).toStartWith('404 Not Found:')

    const revoked = await aliceClient.callTool({
      name: 'revoke_dashboard_link',
      arguments: { id: created.id },
    })
    expect(revoked.structuredContent).toMatchObject({ id: created.id, status: 'revoked' })
  })

  it('gives another user 404 for the analysis’s dashboard spec and refuses a link to it', async () => {
    const spec = await bobClient.callTool({
      name: 'get_dashboard_spec',
      arguments: { analysis_id: analysisId },
    })
    expect(spec.isError).toBe(true)
    expect(spec.structuredContent).toBeUndefined()
    expect(textOf(spec)).toStartWith('404 Not Found:')
    const link = await bobClient.callTool({
      name: 'create_dashboard_link',
      arguments: { analysis_id: analysisId, design_id: 'clinical_summary' },
    })
    expect(link.isError).toBe(true)
    expect(textOf(link)).not.toContain('dashboard_url')
  })

  it('refuses a token without the analyses grant', async () => {
    const client = await h.connect(await h.oidcToken('oidc-imports-only', 'imports'))
    const result = await client.callTool({ name: 'list_analyses', arguments: {} })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('"analyses" grant')
  })
})

describe('import and question tools', () => {
  it('imports a lab file with import_file into a source list_sources then shows', async () => {
    const result = await aliceClient.callTool({
      name: 'import_file',
      arguments: { filename: 'april.csv', text: 'Marker,Value,Unit,Date\nLDL-C,128,mg/dL,2026-03-30\n' },
    })
    expect(result.isError).toBeUndefined()
    const imported = result.structuredContent as any
    expect(imported).toMatchObject({ modality: 'biomarkers', record_count: 1, filename: 'april.csv' })
    const listed = await aliceClient.callTool({ name: 'list_sources', arguments: { limit: 1 } })
    expect((listed.structuredContent as any).data[0].id).toBe(imported.source_id)
  })

  it('refuses import_file naming another user with 403 and stores nothing for them', async () => {
    const result = await aliceClient.callTool({
      name: 'import_file',
      arguments: { user_id: bob.userId, text: 'Marker,Value,Unit,Date\nLDL-C,99,mg/dL,2026-03-30\n' },
    })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toStartWith('403 ')
    expect((await h.t.call('GET', '/sources', { token: bob.key })).body.data).toEqual([])
  })

  it('builds the health context with get_health_context for the caller, and refuses another user_id', async () => {
    const own = await aliceClient.callTool({
      name: 'get_health_context',
      arguments: { user_id: alice.userId },
    })
    expect(own.isError).toBeUndefined()
    const context = own.structuredContent as any
    expect(context.user_id).toBe(alice.userId)
    expect(context.latest.some((l: any) => l.code === 'ldl_cholesterol')).toBe(true)
    const other = await aliceClient.callTool({
      name: 'get_health_context',
      arguments: { user_id: bob.userId },
    })
    expect(other.isError).toBe(true)
    expect(other.structuredContent).toBeUndefined()
  })

  it('gives retest reminders with get_retest_reminders, as the HTTP route does', async () => {
    const result = await aliceClient.callTool({
      name: 'get_retest_reminders',
      arguments: { user_id: alice.userId },
    })
    const http = await h.t.call('GET', `/users/${alice.userId}/retest-reminders`, { token: alice.key })
    expect(result.structuredContent).toEqual(http.body)
    expect((result.structuredContent as any).reminders.length).toBeGreaterThan(0)
  })

  it('answers a grounded question with ask_health_question, citing the caller’s records', async () => {
    const result = await aliceClient.callTool({
      name: 'ask_health_question',
      arguments: { question: 'How has my LDL cholesterol changed?' },
    })
    expect(result.isError).toBeUndefined()
    const answer = result.structuredContent as any
    expect(answer.answerable).toBe(true)
    expect(answer.topics).toContain('ldl_cholesterol')
    expect(answer.statements.length).toBeGreaterThan(0)
    const bobAnswer = await bobClient.callTool({
      name: 'ask_health_question',
      arguments: { question: 'How has my LDL cholesterol changed?' },
    })
    expect(JSON.stringify(bobAnswer.structuredContent)).not.toContain('162')
  })
})
