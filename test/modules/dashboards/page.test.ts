// The dashboard page renderer on hand-made specs: urgent items lead and push lifestyle advice out of
// the focus list, stale wearables are labelled and never counted as current, the focus list stays
// short and free of repeats, units are written for people, markers are grouped by body system, and
// sources are named by file and date instead of their ids.

import { describe, expect, it } from 'bun:test'
import { designById } from '../../../modules/dashboards/designs'
import type { Card, Chart, DashboardSpec } from '../../../modules/dashboards/model'
import { renderDashboardPage } from '../../../modules/dashboards/page'

const NOW = new Date('2026-11-24T12:00:00.000Z')
const EXPIRES = '2026-12-01T12:00:00.000Z'
const design = designById('clinical_summary')!
const cite = (id = 'src_01labs0000000000000000000') => [
  { source_id: id, observation_ids: [], source_ref: null },
]

const card = (over: Partial<Card> & Pick<Card, 'id' | 'title'>): Card => ({
  kind: 'metric',
  value: null,
  unit: null,
  status: 'info',
  detail: '',
  sources: cite(),
  ...over,
})

const chart = (
  code: string,
  unit: string,
  points: [string, number][],
  thresholds: Chart['thresholds'] = [],
) =>
  ({
    id: `chart_${code}`,
    kind: 'line',
    title: code,
    unit,
    x: 'date',
    series: [
      { id: code, name: code, points: points.map(([x, y]) => ({ x, y, source_id: cite()[0].source_id })) },
    ],
    thresholds,
    sources: cite(),
  }) satisfies Chart

function spec(extra: { urgent?: Card[]; actions?: Card[]; flags?: Card[] } = {}): DashboardSpec {
  const sections = [
    ...(extra.urgent ? [{ id: 'urgent', title: 'Urgent', cards: extra.urgent, charts: [] }] : []),
    { id: 'overview', title: 'Overview', cards: [], charts: [] },
    {
      id: 'flags',
      title: 'Needs attention',
      cards: extra.flags ?? [
        card({
          id: 'flag_ldl_cholesterol',
          kind: 'flag',
          title: 'LDL cholesterol',
          status: 'high',
          detail: 'LDL 162 mg/dL is above the lab range.',
        }),
        card({
          id: 'deviation_steps',
          kind: 'flag',
          title: 'Steps: 7 day(s) off baseline',
          status: 'unfavourable',
          detail: 'Fewer steps.',
        }),
      ],
      charts: [],
    },
    { id: 'actions', title: 'Action plan', cards: extra.actions ?? [], charts: [] },
    {
      id: 'biomarkers',
      title: 'Lab results',
      cards: [
        card({
          id: 'card_tsh',
          title: 'TSH',
          value: '2.1',
          unit: 'u[IU]/mL',
          status: 'in_range',
          group: 'thyroid',
          detail: 'Measured 2026-01-05.',
        }),
        card({
          id: 'card_ldl_cholesterol',
          title: 'LDL cholesterol',
          value: '162',
          unit: 'mg/dL',
          status: 'high',
          group: 'heart_lipids',
          detail: 'Measured 2026-01-05.',
        }),
        card({
          id: 'card_wbc',
          title: 'White blood cells',
          value: '6.2',
          unit: '10*3/uL',
          status: 'in_range',
          group: 'blood',
          detail: 'Measured 2026-01-05.',
        }),
      ],
      charts: [
        chart(
          'tsh',
          'u[IU]/mL',
          [['2026-01-05', 2.1]],
          [
            { label: 'Reference low', value: 0.45, kind: 'reference_low' },
            { label: 'Reference high', value: 4.5, kind: 'reference_high' },
          ],
        ),
        chart(
          'ldl_cholesterol',
          'mg/dL',
          [
            ['2025-07-01', 128],
            ['2026-01-05', 162],
          ],
          [
            { label: 'Reference high', value: 129, kind: 'reference_high' },
            { label: 'Optimal high', value: 100, kind: 'optimal_high' },
          ],
        ),
        chart('wbc', '10*3/uL', [['2026-01-05', 6.2]], []),
      ],
    },
    {
      id: 'wearables',
      title: 'Wearables',
      cards: [
        card({
          id: 'card_steps',
          title: 'Steps',
          value: '3100',
          unit: '{steps}',
          status: 'unfavourable',
          sources: cite('src_01wear0000000000000000000'),
        }),
        card({
          id: 'card_resting_heart_rate',
          title: 'Resting heart rate',
          value: '58',
          unit: '/min',
          status: 'neutral',
          sources: cite('src_01ring0000000000000000000'),
        }),
      ],
      charts: [
        chart('steps', '{steps}', [
          ['2026-03-01', 9000],
          ['2026-03-20', 3100],
        ]),
        chart('resting_heart_rate', '/min', [
          ['2026-11-10', 57],
          ['2026-11-22', 58],
        ]),
      ],
    },
  ]
  return {
    analysis_id: 'an_01aaaaaaaaaaaaaaaaaaaaaaaa',
    spec_version: 1,
    generated_at: '2026-11-23T08:00:00.000Z',
    title: 'Health dashboard',
    subtitle: 'x',
    action_plan_id: null,
    sections: sections as DashboardSpec['sections'],
    references: [],
    provenance: [
      {
        source_id: 'src_01labs0000000000000000000',
        modality: 'biomarkers',
        file_name: 'panel-2026.csv',
        provider: 'Quest',
        format: 'lab_csv',
        collected_from: '2026-01-05',
        collected_to: '2026-01-05',
        added_on: '2026-01-07',
      },
      {
        source_id: 'src_01wear0000000000000000000',
        modality: 'wearables',
        file_name: null,
        provider: 'oura',
        format: 'oura_json',
        collected_from: '2026-03-01',
        collected_to: '2026-03-20',
        added_on: '2026-03-21',
      },
    ],
    disclaimer: 'Not a diagnosis.',
  }
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('dashboard page', () => {
  it('opens with one headline naming what needs attention, counting only current data', () => {
    const html = renderDashboardPage(spec(), design, EXPIRES, NOW)
    expect(text(html)).toContain('1 result needs attention: LDL cholesterol (high).')
    expect(html.indexOf('id="summary"')).toBeLessThan(html.indexOf('id="focus"'))
  })

  it('labels a wearable whose last reading is months old as stale, never as current', () => {
    const html = renderDashboardPage(spec(), design, EXPIRES, NOW)
    const steps = html.slice(
      html.lastIndexOf('<article', html.indexOf('id="w-steps"')),
      html.indexOf('id="w-resting_heart_rate"'),
    )
    expect(steps).toContain('class="card stale"')
    expect(steps).toContain('Stale')
    expect(text(steps)).toContain('Not current: last reading 2026-03-20, 8 months ago.')
    expect(steps).not.toContain('Off your usual')
    const rhr = html.slice(html.indexOf('id="w-resting_heart_rate"'))
    expect(text(rhr)).toContain('Last reading 2026-11-22 (2 days ago).')
    // The stale step deviation is neither in the headline nor in the focus list.
    const focus = html.slice(
      html.indexOf('id="focus"'),
      html.indexOf('</section>', html.indexOf('id="focus"')),
    )
    expect(focus).not.toContain('Steps')
  })

  it('puts urgent items before everything else and gives no lifestyle advice beside them', () => {
    const urgent = card({
      id: 'card_urgent',
      kind: 'flag',
      title: 'Potassium 6.8 mmol/L is at a critical level',
      status: 'urgent' as Card['status'],
      detail: 'Contact your clinician or an urgent care service today.',
    })
    const actions = [
      card({ id: 'card_act_1', kind: 'action', title: '1. Walk after meals', detail: 'Walk 10 minutes.' }),
    ]
    const html = renderDashboardPage(spec({ urgent: [urgent], actions }), design, EXPIRES, NOW)
    expect(text(html)).toContain(
      'Urgent: Potassium 6.8 mmol/L is at a critical level. Contact a clinician today',
    )
    expect(html.indexOf('id="urgent"')).toBeLessThan(html.indexOf('id="focus"'))
    expect(html.indexOf('id="urgent"')).toBeLessThan(html.indexOf('id="markers"'))
    const focus = html.slice(
      html.indexOf('id="focus"'),
      html.indexOf('</section>', html.indexOf('id="focus"')),
    )
    expect(focus).not.toContain('Walk after meals')
    expect(html).toContain('href="#urgent"')
  })

  it('keeps the focus list to five items and says repeated advice once', () => {
    const actions = [1, 2, 3, 4].map((n) =>
      card({
        id: `card_act_${n}`,
        kind: 'action',
        title: `${n}. Keep a regular sleep schedule`,
        detail: 'Same bedtime.',
      }),
    )
    actions.push(
      ...['Walk after meals', 'Add oily fish twice a week', 'Cut added sugar', 'Stretch daily'].map((t, i) =>
        card({ id: `card_other_${i}`, kind: 'action', title: `${i + 5}. ${t}`, detail: t }),
      ),
    )
    const html = renderDashboardPage(spec({ actions }), design, EXPIRES, NOW)
    const focus = html.slice(
      html.indexOf('id="focus"'),
      html.indexOf('</section>', html.indexOf('id="focus"')),
    )
    expect(focus.match(/<li>/g)?.length).toBe(5)
    expect(focus.match(/Keep a regular sleep schedule/g)?.length).toBe(1)
    const plan = html.slice(html.indexOf('id="plan"'))
    expect(plan.match(/Keep a regular sleep schedule/g)?.length).toBe(1)
    expect(plan).not.toMatch(/score/i)
  })

  it('groups markers by body system in clinical order and opens only groups with a result outside range', () => {
    const html = renderDashboardPage(spec(), design, EXPIRES, NOW)
    const order = ['sys-heart_lipids', 'sys-thyroid', 'sys-blood'].map((id) => html.indexOf(`id="${id}"`))
    expect(order.every((i) => i > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).toMatch(/id="sys-heart_lipids" open>/)
    expect(html).not.toMatch(/id="sys-thyroid" open>/)
    const ldl = html.slice(html.indexOf('id="m-ldl_cholesterol"'))
    expect(ldl).toContain('<svg class="zones"')
    expect(ldl).toContain('aria-label="Value 162 mg/dL; normal range below 129; optimal below 100."')
    expect(ldl).toContain('<svg class="spark"')
    expect(text(ldl)).toContain('Last tested 2026-01-05 · 2 tests')
  })

  it('writes units for people and names sources by file, lab and date, never by id', () => {
    const html = renderDashboardPage(spec(), design, EXPIRES, NOW)
    for (const ucum of ['u[IU]/mL', '{steps}', '10*3/uL', '>/min']) expect(html).not.toContain(ucum)
    expect(html).toContain('µIU/mL')
    expect(html).toContain('×10³/µL')
    expect(text(html)).toContain('3100 steps')
    expect(html).not.toContain('src_')
    expect(text(html)).toContain('From panel-2026.csv (collected 2026-01-05, Quest)')
    expect(text(html)).toContain('oura data (collected 2026-03-01 to 2026-03-20)')
  })

  it('escapes every text it places in the page', () => {
    const s = spec()
    s.sections.find((x) => x.id === 'biomarkers')!.cards[0].title = '<img src=x onerror=alert(1)>'
    const html = renderDashboardPage(s, design, EXPIRES, NOW)
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img src=x')
  })

  it('carries a dark scheme and a print layout that opens collapsed parts', () => {
    const html = renderDashboardPage(spec(), design, EXPIRES, NOW)
    expect(html).toContain('@media (prefers-color-scheme:dark)')
    expect(html).toMatch(/@media print\{[\s\S]*details::details-content\{display:block/)
    expect(html).not.toMatch(/<script|<link |@import|src="http|url\(/i)
  })
})
