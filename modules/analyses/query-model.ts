// Models of the grounded health query: the question, and an answer made of statements that each cite
// the source records, analysis or catalog reference they come from.

import { type Static, Type } from '@sinclair/typebox'
import { Nullable } from './citation-model'

export const QueryBody = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 1000 }),
  user_id: Type.Optional(Type.String({ minLength: 1 })),
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  analysis_id: Type.Optional(
    Type.String({
      pattern: '^an_[0-9a-z]{26}$',
      description: 'Also cite this analysis where it covers the topic.',
    }),
  ),
})

export const QueryCitation = Type.Object({
  kind: Type.Union([
    Type.Literal('source'),
    Type.Literal('analysis'),
    Type.Literal('catalog'),
    Type.Literal('genetics'),
  ]),
  id: Type.String({
    description: 'Source id, analysis id, or reference id (`catalog:ldl_cholesterol`, `pmid:…`).',
  }),
  observation_ids: Type.Array(Type.String()),
  title: Nullable(Type.String()),
})

export const QueryStatement = Type.Object({
  id: Type.String({ description: '`F1`, `F2` …; a phrased answer cites these.' }),
  text: Type.String(),
  citations: Type.Array(QueryCitation, { minItems: 1 }),
})

export const QueryAnswer = Type.Object(
  {
    question: Type.String(),
    answerable: Type.Boolean({
      description: 'False when the user’s data and the catalogs cannot answer it.',
    }),
    answer: Type.String(),
    statements: Type.Array(QueryStatement),
    topics: Type.Array(Type.String(), {
      description: 'Markers, metrics and genes the question was matched to.',
    }),
    phrased_by: Type.Union([Type.Literal('retrieval'), Type.Literal('llm')]),
    model: Nullable(Type.String()),
    notes: Type.Array(Type.String()),
  },
  { $id: 'QueryAnswer' },
)

export type QueryBody = Static<typeof QueryBody>
export type QueryAnswer = Static<typeof QueryAnswer>
export type QueryStatement = Static<typeof QueryStatement>
export type QueryCitation = Static<typeof QueryCitation>
