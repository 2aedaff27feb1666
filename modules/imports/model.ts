// Models of POST /imports/file: the upload fields of SPEC "Upload request fields" and the 201 answer.

import { type Static, Type } from '@sinclair/typebox'
import { Modality, SourceObservation, SourceWarning } from '../sources/model'

export const ImportFileBody = Type.Object(
  {
    user_id: Type.Optional(
      Type.String({ minLength: 1, description: 'The caller; omitted on pay-per-request calls.' }),
    ),
    organization_id: Type.Optional(Type.String({ minLength: 1 })),
    filename: Type.Optional(
      Type.String({ maxLength: 255, description: 'Kept with the source; never used to detect the format.' }),
    ),
    content_type: Type.Optional(Type.String({ maxLength: 255 })),
    provider: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Who produced the data (a lab, `oura`, `whoop`, `apple_health`, `health_connect`, a DNA test company).',
      }),
    ),
    text: Type.Optional(
      Type.String({ description: 'The content as text (CSV, TSV, JSON, XML, pasted lines).' }),
    ),
    data_base64: Type.Optional(
      Type.String({
        description:
          'The content as base64 (binary or large files: a lab report PDF, gzip VCF, Apple Health export.zip).',
      }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({
        description:
          'Read the file and answer what would be stored (with the observations) without storing anything. HTTP answers 200 instead of 201.',
      }),
    ),
  },
  { description: 'Send the content in exactly one of text or data_base64.' },
)

export const ImportResult = Type.Object(
  {
    source_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The stored source (src_…); read it with GET /sources/{id}. Null for a dry run.',
    }),
    dry_run: Type.Boolean({ description: 'True when nothing was stored.' }),
    modality: Modality,
    format: Type.String({
      description:
        'What the content was, detected from the content: lab_csv, lab_tsv, lab_wide_csv, lab_json, lab_text, lab_pdf, fhir_bundle, fhir_observation, apple_health_xml, apple_health_zip, health_connect_json, wearable_daily_csv, wearable_daily_json, wearable_samples_csv, behavioral_csv, behavioral_json, or a genotype format.',
    }),
    provider: Type.Union([Type.String(), Type.Null()]),
    filename: Type.Union([Type.String(), Type.Null()]),
    record_count: Type.Integer({ description: 'Records read from the file.' }),
    observation_count: Type.Integer({
      description: 'Normalized observations stored (wearable samples are combined per day and device).',
    }),
    time_range: Type.Union([
      Type.Object({ start: Type.String({ format: 'date-time' }), end: Type.String({ format: 'date-time' }) }),
      Type.Null(),
    ]),
    markers: Type.Array(Type.String(), {
      description: 'Canonical codes of what was measured (biomarkers or metrics).',
    }),
    unknown_markers: Type.Array(Type.String(), {
      description: 'Names the catalog does not know; kept as they were written.',
    }),
    warnings: Type.Array(SourceWarning),
    created_at: Type.String({ format: 'date-time' }),
    observations: Type.Optional(
      Type.Array(SourceObservation, {
        description:
          'Dry runs only: the first 1000 observations that would be stored (ids are placeholders, source_id null).',
      }),
    ),
  },
  { $id: 'ImportResult' },
)

export type ImportFileBody = Static<typeof ImportFileBody>
export type ImportResult = Static<typeof ImportResult>
