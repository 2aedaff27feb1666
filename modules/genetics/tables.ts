// Tables of the genetics module: upload sessions, analysis jobs, the catalog findings of each genetics
// source, and ancestry results. Every row carries its (organization_id, user_id) scope.

import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const geneticsUploads = sqliteTable(
  'genetics_uploads',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    provider: text('provider'),
    size_bytes: integer('size_bytes').notNull(),
    /** Checksum the client declared (hex), verified at completion. */
    sha256: text('sha256'),
    annotation_depth: text('annotation_depth', { enum: ['compact', 'full_dbsnp'] }).notNull(),
    /** VCF sample column the caller asked to analyse; null: the file's first (a multi-sample file says so). */
    sample: text('sample'),
    state: text('state', { enum: ['pending', 'completed', 'expired', 'cancelled'] }).notNull(),
    storage: text('storage', { enum: ['local', 's3'] }).notNull(),
    blob_key: text('blob_key').notNull(),
    /**
     * S3 UploadId of the open multipart upload; null on local storage and once the parts are assembled
     * or aborted. While it is set, parts may sit in the bucket, so every way out aborts it.
     */
    multipart_upload_id: text('multipart_upload_id'),
    /** Bytes per part and number of parts (S3 multipart sessions; fixed at creation). */
    part_size: integer('part_size'),
    part_count: integer('part_count'),
    /** SHA-256 of the upload URL's token; the token itself is only in the URL handed to the client. */
    token_hash: text('token_hash').notNull(),
    received_bytes: integer('received_bytes').notNull().default(0),
    /** Checksum computed from the stored bytes at completion. */
    verified_sha256: text('verified_sha256'),
    detected_format: text('detected_format'),
    job_id: text('job_id'),
    expires_at: text('expires_at').notNull(),
    created_at: text('created_at').notNull(),
    completed_at: text('completed_at'),
  },
  (t) => [
    index('genetics_uploads_scope').on(t.organization_id, t.user_id, t.id),
    index('genetics_uploads_open').on(t.state, t.expires_at),
  ],
)

export const geneticsJobs = sqliteTable(
  'genetics_jobs',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    upload_id: text('upload_id').notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] }).notNull(),
    stage: text('stage').notNull(),
    annotation_depth: text('annotation_depth', { enum: ['compact', 'full_dbsnp'] }).notNull(),
    bytes_done: integer('bytes_done').notNull().default(0),
    bytes_total: integer('bytes_total'),
    records: integer('records').notNull().default(0),
    percent: integer('percent').notNull().default(0),
    progress_updated_at: text('progress_updated_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    /** Problem details of a failed job (no genotype data, only what went wrong and where). */
    error: text('error', { mode: 'json' }).$type<Record<string, unknown>>(),
    /**
     * The VCF sample the job analyses: the one its upload asked for, else (once read) the file's first;
     * null for files that name no samples (consumer exports).
     */
    sample: text('sample'),
    /** Sample columns in the file, once read (0 for consumer exports, which hold one unnamed person). */
    samples_in_file: integer('samples_in_file'),
    /** The result's warnings (the source's), so the job a caller polls already says what to mind. */
    warnings: text('warnings', { mode: 'json' }).$type<{ code: string; message: string; line?: number }[]>(),
    source_id: text('source_id'),
    cancel_requested_at: text('cancel_requested_at'),
    created_at: text('created_at').notNull(),
    started_at: text('started_at'),
    finished_at: text('finished_at'),
  },
  (t) => [
    index('genetics_jobs_scope').on(t.organization_id, t.user_id, t.id),
    index('genetics_jobs_org_state').on(t.organization_id, t.state),
    uniqueIndex('genetics_jobs_upload').on(t.upload_id),
  ],
)

export const geneticFindings = sqliteTable(
  'genetic_findings',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    source_id: text('source_id').notNull(),
    /** Compact catalog entry the finding comes from. */
    entry_id: text('entry_id').notNull(),
    rsid: text('rsid'),
    gene: text('gene'),
    label: text('label').notNull(),
    category: text('category', { enum: ['pharmacogenomic', 'clinical', 'trait'] }).notNull(),
    /** Observed genotype on the plus strand, e.g. 'G/A'. */
    genotype: text('genotype').notNull(),
    zygosity: text('zygosity', { enum: ['het', 'hom_alt', 'hemizygous'] }).notNull(),
    alt_copies: integer('alt_copies').notNull(),
    interpretation: text('interpretation').notNull(),
    evidence_level: text('evidence_level', { enum: ['strong', 'moderate', 'limited'] }).notNull(),
    evidence_summary: text('evidence_summary').notNull(),
    citations: text('citations', { mode: 'json' })
      .$type<{ kind: string; id: string; title?: string }[]>()
      .notNull(),
    matched_by: text('matched_by').notNull(),
    /** FILTER of the source record when it was not PASS. */
    filter: text('filter'),
    /** VCF sample whose genotype this is (a finding may be read alone); null for a consumer file. */
    sample: text('sample'),
    /** True when the genotype was imputed from a reference panel, not measured (rows before: measured as far as known). */
    imputed: integer('imputed', { mode: 'boolean' }).notNull().default(false),
    /** The imputation tool's accuracy estimate for the site (Minimac R2, Beagle DR2); null when not imputed or not given. */
    imputation_r2: real('imputation_r2'),
    /**
     * The sequencing call's own measures (GQ, read depth, ALT read share) and what falls short in them;
     * null for consumer arrays, calls without GQ/DP/AD, and rows stored before it was kept.
     */
    call_quality: text('call_quality', { mode: 'json' }).$type<{
      gq: number | null
      depth: number | null
      alt_fraction: number | null
      concerns: ('low_gq' | 'low_depth' | 'allele_balance')[]
    }>(),
    created_at: text('created_at').notNull(),
  },
  (t) => [
    index('genetic_findings_scope').on(t.organization_id, t.user_id, t.source_id),
    uniqueIndex('genetic_findings_source_entry').on(t.source_id, t.entry_id),
  ],
)

export const ancestryResults = sqliteTable(
  'ancestry_results',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    source_id: text('source_id').notNull(),
    /** Proportions with intervals, coverage, build and method, as the genetics core returned them. */
    result: text('result', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    created_at: text('created_at').notNull(),
    /** When a caller last asked for it through POST /genetics/ancestry; null while only prepared by a job. */
    requested_at: text('requested_at'),
  },
  (t) => [
    index('ancestry_results_scope').on(t.organization_id, t.user_id),
    uniqueIndex('ancestry_results_source').on(t.source_id),
  ],
)
