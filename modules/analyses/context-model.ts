// Models of the health context (a compact, bounded summary for agents) and of retest reminders.

import { type Static, Type } from '@sinclair/typebox'
import { Nullable, Reference } from './citation-model'
import { MarkerStatus, Modality, UrgencyLevel } from './model'

export const UserParams = Type.Object({ user_id: Type.String({ minLength: 1 }) })

export const HealthContextBody = Type.Object({
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  max_markers: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 50,
      default: 20,
      description: 'Most latest values to include (default 20).',
    }),
  ),
})

export const HealthContext = Type.Object(
  {
    user_id: Type.String(),
    organization_id: Type.String(),
    generated_at: Type.String({ format: 'date-time' }),
    urgent: Nullable(
      Type.Object(
        {
          level: UrgencyLevel,
          title: Type.String(),
          statement: Type.String(),
          codes: Type.Array(Type.String()),
          source_ids: Type.Array(Type.String()),
        },
        { description: 'A critical result: shown first and never trimmed by the size bound.' },
      ),
    ),
    recovery: Nullable(
      Type.Object(
        {
          level: Type.String({ description: '`strained`, `watch`, `normal` or `insufficient_data`.' }),
          statement: Type.String(),
        },
        {
          description:
            'The wearable recovery signal (HRV, resting HR, breathing rate, temperature vs baseline).',
        },
      ),
    ),
    latest: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        modality: Modality,
        value: Nullable(Type.Number()),
        unit: Nullable(Type.String()),
        observed_at: Type.String({ format: 'date-time' }),
        status: MarkerStatus,
        source_id: Type.String(),
      }),
    ),
    flags: Type.Array(
      Type.Object({
        code: Type.String(),
        status: MarkerStatus,
        statement: Type.String(),
        source_ids: Type.Array(Type.String()),
      }),
    ),
    genotype_highlights: Type.Array(
      Type.Object({
        gene: Nullable(Type.String()),
        rsid: Nullable(Type.String()),
        genotype: Type.String(),
        summary: Type.String({
          description:
            'What the genotype is; says when it was imputed, not measured (with the estimated accuracy R²), did not pass the file’s quality filter, or rests on a low-quality sequencing call (few reads, low genotype quality, unbalanced reads).',
        }),
        evidence_level: Type.String(),
        source_id: Type.String(),
      }),
    ),
    active_goals: Type.Array(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        marker: Nullable(Type.String()),
        target: Nullable(Type.String()),
        met: Nullable(Type.Boolean()),
      }),
    ),
    freshness: Type.Array(
      Type.Object({
        modality: Modality,
        sources: Type.Integer(),
        latest_at: Nullable(Type.String({ format: 'date-time' })),
        days_since: Nullable(Type.Integer()),
        stale: Type.Boolean(),
        stale_after_days: Nullable(Type.Integer()),
      }),
    ),
    text: Type.String({ description: 'The same facts as a few plain lines, for a prompt.' }),
    truncated: Type.Boolean({ description: 'True when items were left out to stay within the size bound.' }),
    window_note: Type.Union([Type.String(), Type.Null()], {
      description:
        'Set when the user holds more observations than one request reads: only the newest were read, and this says from when.',
    }),
    size: Type.Object({ bytes: Type.Integer(), limit: Type.Integer() }),
  },
  { $id: 'HealthContext' },
)

export const RetestReminder = Type.Object({
  kind: Type.Union([Type.Literal('marker'), Type.Literal('modality')]),
  code: Type.String(),
  name: Type.String(),
  modality: Modality,
  status: Type.String({ description: 'Marker status, or `synced` for a modality check-in.' }),
  cadence_days: Type.Integer(),
  last_observed_at: Type.String({ format: 'date-time' }),
  next_due_on: Type.String({ format: 'date' }),
  overdue: Type.Boolean(),
  days_overdue: Type.Integer({ minimum: 0 }),
  source_id: Type.String(),
  reason: Type.String(),
  reference: Nullable(Reference),
})

export const RetestReminders = Type.Object(
  {
    user_id: Type.String(),
    organization_id: Type.String(),
    generated_at: Type.String({ format: 'date-time' }),
    reminders: Type.Array(RetestReminder),
    overdue: Type.Integer(),
    window_note: Type.Union([Type.String(), Type.Null()], {
      description:
        'Set when the user holds more observations than one request reads: only the newest were read, and this says from when.',
    }),
  },
  { $id: 'RetestReminders' },
)

export const RetestQuery = Type.Object({ organization_id: Type.Optional(Type.String({ minLength: 1 })) })

export type HealthContext = Static<typeof HealthContext>
export type RetestReminders = Static<typeof RetestReminders>
export type RetestReminder = Static<typeof RetestReminder>
