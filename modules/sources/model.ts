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

export type Source = Static<typeof Source>
export type ModalityName = Static<typeof Modality>
