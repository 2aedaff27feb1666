// Operations of the privacy module (SPEC "Privacy"): export everything held about the user, follow a
// large export's job, fetch its archive through a short-lived URL, and delete everything. Export and
// deletion take the owner's own API key only and are never payable per request nor MCP tools.

import { Type } from '@sinclair/typebox'
import { defineOperation } from '../shared/operation'
import { scopeOf } from '../shared/principal'
import { deleteUserData } from './deletion'
import { privacyExamples } from './examples'
import { downloadExport, exportJob, exportUserData } from './export'
import { DeletionBody, DeletionResult, ExportJob, ExportQuery, UserIdParams } from './model'

const tags = ['Privacy']
const ZIP = Type.String({ format: 'binary', description: 'The export archive (zip).' })

const EXPORT_DESCRIPTION =
  'Everything held about the user as one zip: `manifest.json` (each file with SHA-256 and size), ' +
  '`tables/<table>.json` (rows of every table holding the user’s data; secrets left out), ' +
  '`raw/<upload id>/<file>` (uploaded files as they were uploaded) and `fhir/observations.json` (a FHIR R4 ' +
  'Bundle of Observation resources, LOINC and UCUM coded). When the uploaded files exceed ' +
  'EXPORT_INLINE_MAX_BYTES the answer is 202 with an export job (see the jobs operation) instead.'

const exportSpec = {
  path: '/users/:user_id/data/export',
  tags,
  grant: 'export' as const,
  outsideAllowance: 'Export stays available whatever the plan (SPEC, States and transitions).',
  principals: ['api_key' as const],
  params: UserIdParams,
  query: ExportQuery,
  output: ZIP,
  produces: 'application/zip' as const,
  description: EXPORT_DESCRIPTION,
  errors: [404],
}

export const privacyExportGet = defineOperation(
  {
    ...exportSpec,
    id: 'privacy.export',
    example: privacyExamples['privacy.export'],
    method: 'GET',
    summary: 'Export everything held about the user',
  },
  (_input, { app, principal }) => exportUserData(app, scopeOf(principal)),
)

export const privacyExportPost = defineOperation(
  {
    ...exportSpec,
    id: 'privacy.export_post',
    example: privacyExamples['privacy.export_post'],
    method: 'POST',
    summary: 'Export everything held about the user (POST form, no body needed)',
  },
  (_input, { app, principal }) => exportUserData(app, scopeOf(principal)),
)

export const privacyExportJob = defineOperation(
  {
    id: 'privacy.export_job',
    example: privacyExamples['privacy.export_job'],
    method: 'GET',
    path: '/users/:user_id/data/export/jobs/:job_id',
    summary: 'Progress of a large export; a finished one returns a fresh short-lived download URL',
    tags,
    grant: 'export',
    outsideAllowance: 'Export stays available whatever the plan (SPEC, States and transitions).',
    principals: ['api_key'],
    params: Type.Object({ user_id: Type.String({ minLength: 1 }), job_id: Type.String({ minLength: 1 }) }),
    output: ExportJob,
    errors: [404],
  },
  ({ params }, { app, principal }) => exportJob(app, scopeOf(principal), params.job_id),
)

export const privacyExportArchive = defineOperation(
  {
    id: 'privacy.export_archive',
    example: privacyExamples['privacy.export_archive'],
    method: 'GET',
    path: '/privacy/exports/:id/archive',
    summary: 'Download a finished export archive through its short-lived URL (the token is the credential)',
    tags,
    grant: null,
    params: Type.Object({ id: Type.String({ minLength: 1 }) }),
    query: Type.Object({ token: Type.String({ minLength: 1 }) }),
    output: ZIP,
    produces: 'application/zip',
    errors: [404],
  },
  ({ params, query }, { app }) => downloadExport(app, params.id, query.token),
)

export const privacyDelete = defineOperation(
  {
    id: 'privacy.delete',
    example: privacyExamples['privacy.delete'],
    method: 'POST',
    path: '/users/:user_id/data/delete',
    summary: 'Delete everything held about the user and return a receipt',
    description:
      'Tombstones the user at once (every token and key stops working), then removes every row, stored ' +
      'file, unfinished upload and queued job, and returns a receipt of what was removed and what was kept ' +
      'and why. Calling it again returns the same receipt; an interrupted purge resumes at the next start.',
    tags,
    grant: 'deletion',
    outsideAllowance: 'Deletion stays available whatever the plan (SPEC, States and transitions).',
    principals: ['api_key'],
    params: UserIdParams,
    body: DeletionBody,
    output: DeletionResult,
  },
  async ({ params }, { app }) => ({
    user_id: params.user_id,
    receipt: await deleteUserData(app, params.user_id),
  }),
)

export const privacyOperations = [
  privacyExportGet,
  privacyExportPost,
  privacyExportJob,
  privacyExportArchive,
  privacyDelete,
]
