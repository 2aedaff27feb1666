// Models of sources: the record listed by GET /sources and returned by GET /sources/{id}.

import { type Static, Type } from '@sinclair/typebox'
import { PageQuery } from '../shared/pagination'

export const Modality = Type.Union(
  [
    Type.Literal('biomarkers'),
    Type.Literal('wearables'),
    Type.Literal('genetics'),
    Type.Literal('behavioral'),
  ],
  { description: 'biomarkers, wearables, genetics or behavioral' },
)

export const SourceWarning = Type.Object({
  code: Type.String(),
  message: Type.String(),
  line: Type.Optional(Type.Integer()),
})

export const Source = Type.Object(
  {
    id: Type.String({ description: 'Source id (src_…); the same value as source_id.' }),
    source_id: Type.String(),
    organization_id: Type.String(),
    user_id: Type.String(),
    modality: Modality,
    format: Type.String(),
    provider: Type.Union([Type.String(), Type.Null()]),
    filename: Type.Union([Type.String(), Type.Null()]),
    record_count: Type.Integer(),
    time_range: Type.Union([
      Type.Object({ start: Type.String({ format: 'date-time' }), end: Type.String({ format: 'date-time' }) }),
      Type.Null(),
    ]),
    warnings: Type.Array(SourceWarning),
    details: Type.Record(Type.String(), Type.Unknown()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Source' },
)

export const SourceListQuery = Type.Object({
  modality: Type.Optional(Modality),
  since: Type.Optional(
    Type.String({ format: 'date-time', description: 'Only sources added at or after this time.' }),
  ),
  ...PageQuery,
})

export const SourceIdParams = Type.Object({ id: Type.String({ pattern: '^src_[0-9a-z]{26}$' }) })

export const SourceObservationsQuery = Type.Object({ ...PageQuery })

const Nullable = <T extends import('@sinclair/typebox').TSchema>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {})

export const SourceObservation = Type.Object(
  {
    id: Type.String({ description: 'Observation id (obs_…); `preview:N` in a dry run.' }),
    source_id: Nullable(Type.String(), 'Null in a dry run.'),
    modality: Type.String(),
    code: Type.String({
      description:
        'The catalog marker or metric (`ldl_cholesterol`, `steps`); `unknown:<name>` when the catalog does not know the name.',
    }),
    original_name: Type.String({ description: 'The name as the file wrote it.' }),
    original_text: Nullable(
      Type.String(),
      'The printed line the result was read from (text and PDF reports).',
    ),
    source_ref: Nullable(
      Type.String(),
      'Where in the file: `line 12`, `$.results[3]`, `entry[2] Observation/abc`.',
    ),
    observed_at: Type.String({ format: 'date-time' }),
    original_value: Nullable(Type.String(), 'The value as written, with its comparator and flag.'),
    original_unit: Nullable(Type.String()),
    value: Nullable(Type.Number(), 'The parsed value in the canonical unit; a bound when comparator is set.'),
    value_text: Nullable(Type.String(), 'A qualitative result ("Negative") or a value kept as text.'),
    unit: Nullable(Type.String(), 'Canonical UCUM unit of value.'),
    comparator: Nullable(
      Type.Union([Type.Literal('<'), Type.Literal('<='), Type.Literal('>'), Type.Literal('>=')]),
      'Set for a censored result ("<0.5"): value is then a bound, not an exact number.',
    ),
    lab_flag: Nullable(
      Type.Union([
        Type.Literal('low'),
        Type.Literal('high'),
        Type.Literal('critical_low'),
        Type.Literal('critical_high'),
        Type.Literal('abnormal'),
        Type.Literal('critical'),
        Type.Literal('normal'),
      ]),
      "The lab's own flag, normalized.",
    ),
    flag: Nullable(Type.String(), 'The flag as the lab printed it (H, LL, *, Critical ...).'),
    specimen: Nullable(
      Type.Union([
        Type.Literal('serum_plasma'),
        Type.Literal('whole_blood'),
        Type.Literal('urine'),
        Type.Literal('other'),
      ]),
    ),
    reference_low: Nullable(Type.Number(), "The lab's printed interval, in the canonical unit."),
    reference_high: Nullable(Type.Number()),
    reference_text: Nullable(Type.String(), 'The interval as printed ("65-99", "<200").'),
    warnings: Type.Array(Type.Object({ code: Type.String(), message: Type.String() }), {
      description: 'What the reader noticed about this result (ambiguous number or date, unit assumed ...).',
    }),
  },
  { $id: 'SourceObservation' },
)

export const SourceDeleted = Type.Object(
  {
    id: Type.String(),
    deleted: Type.Literal(true),
    deleted_at: Type.String({ format: 'date-time' }),
    observations_deleted: Type.Integer({ description: 'Observations removed with the source.' }),
    analyses_citing: Type.Array(Type.String(), {
      description: 'Analyses (an_…) that read this source; they now list it under deleted_sources.',
    }),
  },
  { $id: 'SourceDeleted' },
)

export type Source = Static<typeof Source>
export type SourceObservation = Static<typeof SourceObservation>
export type SourceDeleted = Static<typeof SourceDeleted>
export type ModalityName = Static<typeof Modality>
