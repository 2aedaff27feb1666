// Operations of the genetics module: upload sessions for large genetics files (create, send bytes or
// get presigned part URLs, see which parts arrived, read, complete, cancel), the analysis jobs they
// start (read, list, cancel), the findings of genetics sources, and ancestry.

import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { scopeOf } from '../shared/principal'
import { CREATES, READS, REMOVES } from '../shared/tool-annotations'
import { geneticsExamples } from './examples'
import { followJobProgress, jobEventStream } from './job-events'
import {
  AncestryInput,
  AncestryResult,
  CompleteUploadInput,
  CreatedUploadSession,
  FindingList,
  FindingListQuery,
  GeneticsJob,
  JobIdParams,
  JobListQuery,
  PartUrls,
  PartUrlsInput,
  UploadIdParams,
  UploadPartsStatus,
  UploadProgress,
  UploadSession,
  UploadSessionInput,
  UploadTokenQuery,
} from './model'
import {
  cancelJob,
  cancelUpload,
  completeUpload,
  createUploadSession,
  getJob,
  getUploadParts,
  getUploadSession,
  listGeneticFindingsPage,
  listJobs,
  receiveUploadPart,
  requestAncestry,
  requestPartUrls,
} from './service'

const tags = ['Genetics']
const csv = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)

export const uploadsCreate = defineOperation(
  {
    id: 'genetics.uploads.create',
    example: geneticsExamples['genetics.uploads.create'],
    method: 'POST',
    path: '/genetics/uploads',
    summary: 'Create a direct-to-storage upload session for a large genetics file (API key only)',
    description:
      'Returns where and how to send the file and when the session expires. Local storage: upload_url takes PUTs ' +
      '(parts with Content-Range). S3 storage: a multipart upload; `multipart.parts` holds presigned part URLs ' +
      '(more from POST /genetics/uploads/{id}/parts), each part PUT answers an ETag to send back at completion. ' +
      'Plan rules apply: queued WGS jobs per plan, and full_dbsnp eligibility. With hosted billing a session ' +
      'counts as an upload of the month (a full_dbsnp one also as a full-dbSNP job); past a quota, 429 ' +
      '`quota-exceeded`. Files larger than max_bytes get 413.',
    tags,
    grant: 'imports',
    principals: ['api_key'],
    body: UploadSessionInput,
    output: CreatedUploadSession,
    status: 201,
    errors: [413, 429, 503],
    mcp: { tool: 'create_genetics_upload', annotations: CREATES },
  },
  ({ body }, { app, principal }) => createUploadSession(app, principal, body),
)

export const uploadsPut = defineOperation(
  {
    id: 'genetics.uploads.put_content',
    example: geneticsExamples['genetics.uploads.put_content'],
    method: 'PUT',
    path: '/genetics/uploads/:id/content',
    summary: 'Send the bytes of an upload (the upload_url of a local-storage session)',
    description:
      'Authorized by the token in upload_url, like a presigned URL. Without Content-Range the body is the whole file. ' +
      'To send parts or resume, send `Content-Range: bytes START-END/TOTAL` with START at most received_bytes; ' +
      '`Content-Range: bytes */TOTAL` with an empty body reports received_bytes. The body streams to disk.',
    tags,
    grant: null,
    params: UploadIdParams,
    query: UploadTokenQuery,
    rawBody: { mediaTypes: ['application/octet-stream'], description: 'The file, or one part of it.' },
    output: UploadProgress,
    errors: [404, 409, 410],
  },
  ({ params, query }, { app, request }) => receiveUploadPart(app, params.id, query.token, request.raw),
)

export const uploadsGet = defineOperation(
  {
    id: 'genetics.uploads.get',
    example: geneticsExamples['genetics.uploads.get'],
    method: 'GET',
    path: '/genetics/uploads/:id',
    summary: 'Read an upload session: state, bytes received, its job and resulting source',
    tags,
    grant: 'imports',
    params: UploadIdParams,
    output: UploadSession,
    errors: [404],
    mcp: { tool: 'get_genetics_upload', annotations: READS },
  },
  ({ params }, { app, principal }) => getUploadSession(app, scopeOf(principal), params.id),
)

export const uploadsComplete = defineOperation(
  {
    id: 'genetics.uploads.complete',
    example: geneticsExamples['genetics.uploads.complete'],
    method: 'POST',
    path: '/genetics/uploads/:id/complete',
    summary: 'Finish an upload: verify size, checksum and content, and queue its analysis',
    description:
      'S3 sessions: the parts are checked first (each present, of its size, with the ETag listed in `parts` when given; ' +
      '422 names each part that is not) and then assembled. Idempotent once completed.',
    tags,
    grant: 'imports',
    params: UploadIdParams,
    body: CompleteUploadInput,
    maxBodyBytes: 2 * 1024 * 1024,
    output: UploadSession,
    errors: [404, 409, 410, 503],
    mcp: {
      tool: 'complete_genetics_upload',
      description:
        'Finish an upload whose bytes were PUT to its upload_url: checks size, checksum and content and queues the analysis. Returns at once with job_id; follow the job with get_genetics_job or the resource wellness://genetics/jobs/{id}. Called with a progressToken (MCP progress), it instead reports the job’s progress until it ends (up to 10 minutes) and then returns the session with the source_id. Calling it again after completion changes nothing.',
      // Completion is idempotent (a second call answers the same session) and starts at most one job.
      annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
      progress: (output, { app, principal, signal }) =>
        followJobProgress(app, scopeOf(principal), (output as { job_id: string }).job_id, signal),
    },
  },
  ({ params, body }, { app, principal }) => completeUpload(app, scopeOf(principal), params.id, body),
)

export const uploadsPartUrls = defineOperation(
  {
    id: 'genetics.uploads.part_urls',
    example: geneticsExamples['genetics.uploads.part_urls'],
    method: 'POST',
    path: '/genetics/uploads/:id/parts',
    summary: 'Presigned URLs for parts of an S3 multipart upload (up to 1,000 a call)',
    description:
      'For parts past the first batch, to resend a part, or to replace URLs. They stay valid while the session does. ' +
      'Local-storage sessions answer 409 (they take PUTs at upload_url).',
    tags,
    grant: 'imports',
    params: UploadIdParams,
    body: PartUrlsInput,
    output: PartUrls,
    errors: [404, 409, 410, 503],
  },
  ({ params, body }, { app, principal }) =>
    requestPartUrls(app, scopeOf(principal), params.id, body.part_numbers),
)

export const uploadsParts = defineOperation(
  {
    id: 'genetics.uploads.parts',
    example: geneticsExamples['genetics.uploads.parts'],
    method: 'GET',
    path: '/genetics/uploads/:id/parts',
    summary: 'Which parts of an S3 multipart upload arrived, and which to send (resume)',
    tags,
    grant: 'imports',
    params: UploadIdParams,
    output: UploadPartsStatus,
    errors: [404, 409, 503],
    mcp: { tool: 'list_genetics_upload_parts', annotations: READS },
  },
  ({ params }, { app, principal }) => getUploadParts(app, scopeOf(principal), params.id),
)

export const uploadsCancel = defineOperation(
  {
    id: 'genetics.uploads.cancel',
    example: geneticsExamples['genetics.uploads.cancel'],
    method: 'POST',
    path: '/genetics/uploads/:id/cancel',
    summary: 'Cancel an upload session and discard what it received',
    description:
      'S3: the multipart upload is aborted, so no part stays in the bucket. Local storage: the partial file is deleted. ' +
      'A completed session has become a job (409: cancel the job).',
    tags,
    grant: 'imports',
    params: UploadIdParams,
    output: UploadSession,
    errors: [404, 409, 503],
    mcp: { tool: 'cancel_genetics_upload', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => cancelUpload(app, scopeOf(principal), params.id),
)

export const jobsList = defineOperation(
  {
    id: 'genetics.jobs.list',
    example: geneticsExamples['genetics.jobs.list'],
    method: 'GET',
    path: '/genetics/jobs',
    summary: "List the caller's genetics analysis jobs, newest first",
    tags,
    grant: 'imports',
    query: JobListQuery,
    output: pageOf(GeneticsJob),
    mcp: { tool: 'list_genetics_jobs', annotations: READS },
  },
  ({ query }, { app, principal }) => listJobs(app, scopeOf(principal), query),
)

export const jobsGet = defineOperation(
  {
    id: 'genetics.jobs.get',
    example: geneticsExamples['genetics.jobs.get'],
    method: 'GET',
    path: '/genetics/jobs/:id',
    summary: 'Read a genetics analysis job: state, stage, progress, attempts, error, source',
    tags,
    grant: 'imports',
    params: JobIdParams,
    output: GeneticsJob,
    errors: [404],
    mcp: {
      tool: 'get_genetics_job',
      description:
        'Read a genetics analysis job: state, stage, percent done, error, and the source it produced once it succeeded. ' +
        'Called with a progressToken (MCP progress), it waits for the job to end (up to 10 minutes), reporting its progress as it goes, and then returns the job.',
      annotations: READS,
      progress: (output, { app, principal, signal }) =>
        followJobProgress(app, scopeOf(principal), (output as { id: string }).id, signal),
    },
  },
  ({ params }, { app, principal }) => getJob(app, scopeOf(principal), params.id),
)

export const jobsEvents = defineOperation(
  {
    id: 'genetics.jobs.events',
    example: geneticsExamples['genetics.jobs.events'],
    method: 'GET',
    path: '/genetics/jobs/:id/events',
    summary: 'Follow a genetics analysis job live (server-sent events)',
    description:
      'A text/event-stream: a `job` event with the job (as GET /genetics/jobs/{id}) at once and at every change ' +
      'of state, stage or progress, then an `end` event with the final state and source_id, after which the ' +
      'stream closes. Usable with EventSource or `curl -N`.',
    tags,
    grant: 'imports',
    params: JobIdParams,
    output: GeneticsJob,
    produces: 'text/event-stream',
    errors: [404],
  },
  ({ params }, { app, principal, request }) =>
    jobEventStream(app, scopeOf(principal), params.id, request.raw.signal),
)

export const jobsCancel = defineOperation(
  {
    id: 'genetics.jobs.cancel',
    example: geneticsExamples['genetics.jobs.cancel'],
    method: 'POST',
    path: '/genetics/jobs/:id/cancel',
    summary: 'Cancel a queued or running genetics analysis job',
    tags,
    grant: 'imports',
    params: JobIdParams,
    output: GeneticsJob,
    errors: [404, 409],
    mcp: { tool: 'cancel_genetics_job', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => cancelJob(app, scopeOf(principal), params.id),
)

export const findingsList = defineOperation(
  {
    id: 'genetics.findings.list',
    example: geneticsExamples['genetics.findings.list'],
    method: 'GET',
    path: '/genetics/findings',
    summary:
      "List catalog findings of the caller's genetics sources (genotype, zygosity, evidence, citations)",
    tags,
    grant: 'imports',
    query: FindingListQuery,
    output: FindingList,
    mcp: { tool: 'list_genetic_findings', annotations: READS },
  },
  ({ query }, { app, principal }) =>
    listGeneticFindingsPage(
      app,
      scopeOf(principal),
      { sourceIds: csv(query.source_id), genes: csv(query.gene), rsids: csv(query.rsid) },
      query,
    ),
)

export const ancestryRun = defineOperation(
  {
    id: 'genetics.ancestry',
    example: geneticsExamples['genetics.ancestry'],
    method: 'POST',
    path: '/genetics/ancestry',
    summary:
      'Ancestry of a genetics source: admixture proportions with intervals, closest groups, coverage, method',
    tags,
    grant: 'analyses',
    body: AncestryInput,
    output: AncestryResult,
    errors: [404],
    mcp: { tool: 'genetics_ancestry', annotations: READS },
    x402: {
      price: '0.05',
      description: 'Ancestry estimate from a wallet-owned genetics source',
      tags: ['genetics', 'ancestry'],
    },
  },
  ({ body }, { app, principal }) => requestAncestry(app, scopeOf(principal), body.source_id),
)

export const geneticsOperations = [
  uploadsCreate,
  uploadsPut,
  uploadsGet,
  uploadsPartUrls,
  uploadsParts,
  uploadsComplete,
  uploadsCancel,
  jobsList,
  jobsGet,
  jobsEvents,
  jobsCancel,
  findingsList,
  ancestryRun,
]
