// Models of the privacy operations: the deletion request and its receipt, the export request, and the
// export job a large archive is built by.

import { type Static, Type } from '@sinclair/typebox'

export const UserIdParams = Type.Object({ user_id: Type.String({ minLength: 1 }) })

export const DeletionBody = Type.Object({
  organization_id: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'The caller’s workspace; the deletion covers every workspace.',
    }),
  ),
})

export const DeletionReceipt = Type.Object(
  {
    deletion_id: Type.String(),
    state: Type.Literal('completed'),
    requested_at: Type.String({ format: 'date-time' }),
    completed_at: Type.String({ format: 'date-time' }),
    removed: Type.Object({
      tables: Type.Array(Type.Object({ table: Type.String(), rows: Type.Integer() }), {
        description: 'Rows removed per table (tables where nothing was held are not listed).',
      }),
      blobs: Type.Integer({ description: 'Stored files removed (raw uploads and export archives).' }),
      multipart_uploads_aborted: Type.Integer({ description: 'Unfinished S3 multipart uploads aborted.' }),
      queued_jobs: Type.Integer({ description: 'Queued jobs removed before they started.' }),
      workspaces: Type.Integer({ description: 'Workspaces removed because the user was their only member.' }),
      steps: Type.Array(Type.Object({ name: Type.String(), done: Type.String(), count: Type.Integer() }), {
        description: 'Steps other modules run first (e.g. provider tokens revoked at the provider).',
      }),
    }),
    kept: Type.Array(Type.Object({ what: Type.String(), reason: Type.String() }), {
      description: 'What was kept and why (e.g. billing records the law requires, without health data).',
    }),
  },
  { $id: 'DeletionReceipt' },
)
export type DeletionReceipt = Static<typeof DeletionReceipt>

export const DeletionResult = Type.Object(
  {
    user_id: Type.String(),
    receipt: DeletionReceipt,
  },
  { $id: 'DeletionResult' },
)

export const ExportQuery = Type.Object({
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  job_id: Type.Optional(Type.String({ minLength: 1, description: 'Poll an export job started earlier.' })),
})

export const ExportJob = Type.Object(
  {
    job_id: Type.String(),
    state: Type.Union([
      Type.Literal('queued'),
      Type.Literal('running'),
      Type.Literal('succeeded'),
      Type.Literal('failed'),
    ]),
    stage: Type.String(),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
    bytes_total: Type.Integer({ description: 'Bytes of raw files the archive will carry.' }),
    archive_bytes: Type.Union([Type.Integer(), Type.Null()]),
    download_url: Type.Union([Type.String(), Type.Null()], {
      description: 'Short-lived URL of the finished archive (no bearer token needed; expires).',
    }),
    download_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ExportJob' },
)
export type ExportJob = Static<typeof ExportJob>
