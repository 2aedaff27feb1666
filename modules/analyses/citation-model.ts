// How every analysis item says what it rests on: the source records (source id, observation ids, the
// line or record inside the source) and the references (catalog citation, guideline, genetics
// evidence, or our own documented method). Shared by analyses, plans, dashboards, context and query.

import { type Static, type TSchema, Type } from '@sinclair/typebox'

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const SourceCitation = Type.Object(
  {
    source_id: Type.String({ description: 'The source (src_…) the value was read from.' }),
    observation_ids: Type.Array(Type.String(), {
      description: 'Observations (obs_…) or genetic findings the item rests on.',
    }),
    source_ref: Nullable(Type.String({ description: 'Line or record inside the source, when known.' })),
  },
  { $id: 'SourceCitation' },
)

export const ReferenceKind = Type.Union([
  Type.Literal('biomarker_catalog'),
  Type.Literal('wearable_catalog'),
  Type.Literal('genetics_catalog'),
  Type.Literal('guideline'),
  Type.Literal('method'),
  Type.Literal('lab_report'),
])

export const Reference = Type.Object(
  {
    id: Type.String({ description: 'Stable key, e.g. `catalog:ldl_cholesterol`, `pmid:8346443`.' }),
    kind: ReferenceKind,
    title: Type.String(),
    url: Nullable(Type.String()),
    pmid: Nullable(Type.String()),
  },
  { $id: 'Reference' },
)

export const EvidenceLevel = Type.Union([
  Type.Literal('strong'),
  Type.Literal('moderate'),
  Type.Literal('limited'),
])

export const Evidence = Type.Object(
  {
    level: EvidenceLevel,
    summary: Type.String(),
  },
  { $id: 'Evidence' },
)

export type SourceCitation = Static<typeof SourceCitation>
export type Reference = Static<typeof Reference>
export type Evidence = Static<typeof Evidence>
export type EvidenceLevelName = Static<typeof EvidenceLevel>
