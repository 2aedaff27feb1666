// Models of dashboards: the design catalog, the renderer-neutral dashboard spec (sections, cards,
// charts with series and thresholds), and dashboard links (SPEC "Dashboard link").

import { type Static, Type } from '@sinclair/typebox'
import { Nullable, Reference, SourceCitation } from '../analyses/citation-model'
import { PageQuery } from '../shared/pagination'

export const DesignLayout = Type.Object({
  columns: Type.Integer({ minimum: 1, maximum: 4 }),
  density: Type.Union([Type.Literal('comfortable'), Type.Literal('compact')]),
  theme: Type.Literal('light'),
  section_order: Type.Array(Type.String()),
  chart_height: Type.Integer({ description: 'Suggested chart height in CSS pixels.' }),
})

export const Design = Type.Object(
  { id: Type.String(), name: Type.String(), layout: DesignLayout },
  { $id: 'DashboardDesign' },
)

export const DesignList = Type.Object({ data: Type.Array(Design) })

const Status = Type.Union([
  Type.Literal('urgent'),
  Type.Literal('low'),
  Type.Literal('high'),
  Type.Literal('in_range'),
  Type.Literal('optimal'),
  Type.Literal('indeterminate'),
  Type.Literal('unknown'),
  Type.Literal('favourable'),
  Type.Literal('unfavourable'),
  Type.Literal('neutral'),
  Type.Literal('info'),
])

export const Card = Type.Object({
  id: Type.String(),
  kind: Type.Union([
    Type.Literal('urgent'),
    Type.Literal('summary'),
    Type.Literal('metric'),
    Type.Literal('flag'),
    Type.Literal('action'),
    Type.Literal('genetic'),
    Type.Literal('link'),
  ]),
  title: Type.String(),
  value: Nullable(Type.String()),
  unit: Nullable(Type.String()),
  status: Status,
  detail: Type.String(),
  group: Type.Optional(
    Type.String({
      description:
        'Body system of a lab marker card (heart_lipids, metabolic, kidney, liver, thyroid, blood, iron, vitamins, hormones, inflammation, other).',
    }),
  ),
  sources: Type.Array(SourceCitation),
})

/** A source described for a person: the page names the file, lab or device and dates, not the src_ id. */
export const ProvenanceEntry = Type.Object({
  source_id: Type.String(),
  modality: Type.String(),
  file_name: Nullable(Type.String()),
  provider: Nullable(Type.String({ description: 'Lab, device or service the data came from, when known.' })),
  format: Type.String(),
  collected_from: Nullable(Type.String({ format: 'date' })),
  collected_to: Nullable(Type.String({ format: 'date' })),
  added_on: Type.String({ format: 'date' }),
})

export const Threshold = Type.Object({
  label: Type.String(),
  value: Type.Number(),
  kind: Type.Union([
    Type.Literal('reference_low'),
    Type.Literal('reference_high'),
    Type.Literal('optimal_low'),
    Type.Literal('optimal_high'),
    Type.Literal('baseline_mean'),
  ]),
})

export const Chart = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('line'), Type.Literal('range')]),
  title: Type.String(),
  unit: Nullable(Type.String()),
  x: Type.Literal('date'),
  series: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      points: Type.Array(
        Type.Object({ x: Type.String({ format: 'date' }), y: Type.Number(), source_id: Type.String() }),
      ),
    }),
  ),
  thresholds: Type.Array(Threshold),
  sources: Type.Array(SourceCitation),
})

export const Section = Type.Object({
  id: Type.String(),
  title: Type.String(),
  cards: Type.Array(Card),
  charts: Type.Array(Chart),
})

export const DashboardSpec = Type.Object(
  {
    analysis_id: Type.String(),
    spec_version: Type.Literal(1),
    generated_at: Type.String({ format: 'date-time', description: 'When the analysis was computed.' }),
    title: Type.String(),
    subtitle: Type.String(),
    action_plan_id: Nullable(Type.String()),
    sections: Type.Array(Section),
    references: Type.Array(Reference),
    provenance: Type.Optional(
      Type.Array(ProvenanceEntry, {
        description: 'The sources the cards cite, described by file name, provider and collection dates.',
      }),
    ),
    disclaimer: Type.String(),
  },
  { $id: 'DashboardSpec' },
)

export const DashboardSpecParams = Type.Object({ analysis_id: Type.String({ pattern: '^an_[0-9a-z]{26}$' }) })

export const DashboardLinkBody = Type.Object({
  analysis_id: Type.String({ pattern: '^an_[0-9a-z]{26}$' }),
  design_id: Type.String({ minLength: 1, maxLength: 64 }),
  expires_in_days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 90,
      default: 7,
      description: 'Days until the URL stops working (1–90, default 7).',
    }),
  ),
})

export const Sharing = Type.Object({
  default: Type.String(),
  optional: Type.Boolean(),
  note: Type.String(),
})

export const DashboardLink = Type.Object(
  {
    id: Type.String({ description: 'Link id (dash_…), for listing and revoking; not a secret.' }),
    dashboard_url: Type.String({
      description: 'Bearer URL for the exact dashboard snapshot; private by possession.',
    }),
    analysis_id: Type.String(),
    design: Design,
    visibility: Type.Literal('private_by_possession'),
    expires_at: Type.String({ format: 'date-time' }),
    sharing: Sharing,
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'DashboardLink' },
)

export const DashboardLinkSummary = Type.Object(
  {
    id: Type.String(),
    analysis_id: Type.String(),
    design: Design,
    visibility: Type.Literal('private_by_possession'),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
    revoked_at: Nullable(Type.String({ format: 'date-time' })),
    status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
  },
  { $id: 'DashboardLinkSummary' },
)

export const DashboardLinkListQuery = Type.Object({ ...PageQuery })
export const DashboardLinkIdParams = Type.Object({ id: Type.String({ pattern: '^dash_[0-9a-z]{26}$' }) })
export const DashboardPageParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) })

export type Design = Static<typeof Design>
export type DashboardSpec = Static<typeof DashboardSpec>
export type Card = Static<typeof Card>
export type ProvenanceEntry = Static<typeof ProvenanceEntry>
export type Chart = Static<typeof Chart>
export type Section = Static<typeof Section>
export type DashboardLink = Static<typeof DashboardLink>
export type DashboardLinkSummary = Static<typeof DashboardLinkSummary>
export type DashboardLinkBody = Static<typeof DashboardLinkBody>
