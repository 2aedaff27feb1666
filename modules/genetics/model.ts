// Models of the genetics module: upload sessions, analysis jobs, catalog findings and ancestry results,
// as the HTTP API and MCP tools return them, and the inputs that create or filter them.

import { type Static, Type } from '@sinclair/typebox'
import { PageQuery, pageOf } from '../shared/pagination'

const IsoTime = Type.String({ format: 'date-time' })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

export const AnnotationDepth = Type.Union([Type.Literal('compact'), Type.Literal('full_dbsnp')], {
  description:
    '`compact` (curated catalog, default) or `full_dbsnp` (every allele against dbSNP; paid plans).',
})

export const Sha256Hex = Type.String({
  pattern: '^[0-9a-fA-F]{64}$',
  description: 'SHA-256 as 64 hex digits.',
})

/** Longest VCF sample name taken; real ones (NA12878, a lab's barcode) are far shorter. */
export const MAX_SAMPLE_NAME_LENGTH = 255

export const SampleName = Type.String({
  minLength: 1,
  maxLength: MAX_SAMPLE_NAME_LENGTH,
  // A VCF header separates sample names with tabs, so no name holds a tab, a line break or a control.
  pattern: '^[^\\u0000-\\u001F\\u007F]+$',
  description:
    'Multi-sample VCF (a trio, a family, a joint call): the sample column to analyse, exactly as named on the ' +
    '`#CHROM` line. Without it the first sample is analysed and the result warns `MULTIPLE_SAMPLES` when the file ' +
    'holds more. A name the file does not hold, or any name for a consumer export (23andMe, AncestryDNA …: one ' +
    'person, no sample names), fails the job with `error.code` `UNKNOWN_SAMPLE`.',
})

export const UploadSessionInput = Type.Object({
  user_id: Type.String({ minLength: 1 }),
  organization_id: Type.String({ minLength: 1 }),
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  content_type: Type.String({ minLength: 1, maxLength: 255 }),
  size_bytes: Type.Integer({ minimum: 1, description: 'Exact size of the file in bytes.' }),
  sha256: Type.Optional(Sha256Hex),
  annotation_depth: Type.Optional(AnnotationDepth),
  provider: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  sample: Type.Optional(SampleName),
})

export const GeneticsJobState = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ],
  { description: 'queued, running, succeeded, failed or cancelled' },
)

export const UploadState = Type.Union(
  [Type.Literal('pending'), Type.Literal('completed'), Type.Literal('expired'), Type.Literal('cancelled')],
  {
    description:
      'pending (waiting for bytes or completion), completed (analysis enqueued), expired or cancelled',
  },
)

export const UploadSession = Type.Object(
  {
    upload_id: Type.String(),
    id: Type.String({ description: 'Same as upload_id.' }),
    organization_id: Type.String(),
    user_id: Type.String(),
    state: UploadState,
    filename: Type.String(),
    content_type: Type.String(),
    provider: Nullable(Type.String()),
    size_bytes: Type.Integer(),
    sha256: Nullable(Type.String()),
    annotation_depth: AnnotationDepth,
    sample: Nullable(
      Type.String({
        description: 'The VCF sample the session asked to analyse; null: the first sample of the file.',
      }),
    ),
    received_bytes: Type.Integer({ description: 'Bytes stored so far (resume from here).' }),
    storage: Type.Union([Type.Literal('local'), Type.Literal('s3')]),
    job_id: Nullable(Type.String()),
    source_id: Nullable(
      Type.String({ description: 'The genetics source the analysis produced; null until its job succeeds.' }),
    ),
    max_bytes: Type.Integer({ description: 'Largest file this deployment accepts.' }),
    expires_at: IsoTime,
    created_at: IsoTime,
    completed_at: Nullable(IsoTime),
  },
  { $id: 'GeneticsUpload' },
)

const PartNumber = Type.Integer({ minimum: 1, maximum: 10000 })

export const PresignedPart = Type.Object(
  {
    part_number: PartNumber,
    url: Type.String({
      description: "Presigned UploadPart URL: PUT the part's bytes to it; no other header is needed.",
    }),
    method: Type.Literal('PUT'),
    offset: Type.Integer({ description: 'First byte of the file this part carries.' }),
    size: Type.Integer({ description: 'Bytes this part carries: part_size, fewer for the last part.' }),
    expires_at: IsoTime,
  },
  { $id: 'GeneticsUploadPartUrl' },
)

export const MultipartInstructions = Type.Object({
  parts: Type.Array(PresignedPart, {
    description: 'Presigned URLs for the first parts (up to 100); ask parts_url for the others.',
  }),
  parts_url: Type.String({
    description:
      'POST {part_numbers} here for more presigned URLs (up to 1,000 a call); GET it to see which parts arrived.',
  }),
  etag_header: Type.Literal('ETag', {
    description:
      'Each part PUT answers with this header; send the values back in POST /genetics/uploads/{id}/complete.',
  }),
})

export const UploadInstructions = Type.Object({
  upload_url: Nullable(
    Type.String({
      description:
        'Local storage: where to PUT the bytes (carries its own authorization). S3: null; the parts go to the presigned URLs of `multipart`.',
    }),
  ),
  method: Type.Literal('PUT'),
  headers: Type.Record(Type.String(), Type.String(), {
    description: 'Headers to send with every PUT.',
  }),
  part_size: Type.Integer({
    description:
      'Local storage: largest part to send in one PUT (with Content-Range). S3: the size of every part but the last.',
  }),
  part_count: Type.Integer({ description: 'Parts the file takes at part_size.' }),
  resumable: Type.Boolean(),
  multipart: Nullable(MultipartInstructions),
})

export const CreatedUploadSession = Type.Composite([UploadSession, UploadInstructions], {
  $id: 'GeneticsUploadSession',
})

export const UploadIdParams = Type.Object({ id: Type.String({ pattern: '^upl_[0-9a-z]{26}$' }) })

export const UploadTokenQuery = Type.Object({
  token: Type.String({ minLength: 10, maxLength: 200, description: 'The token from upload_url.' }),
})

export const PartUrlsInput = Type.Object({
  part_numbers: Type.Array(PartNumber, {
    minItems: 1,
    maxItems: 1000,
    description: 'Parts to presign, 1 to part_count.',
  }),
})

export const PartUrls = Type.Object({
  upload_id: Type.String(),
  part_size: Type.Integer(),
  part_count: Type.Integer(),
  parts: Type.Array(PresignedPart),
})

export const UploadedPart = Type.Object({
  part_number: Type.Integer(),
  size: Type.Integer({ description: 'Bytes the bucket holds for this part.' }),
  expected_size: Type.Integer({ description: 'Bytes this part must hold.' }),
  etag: Type.String(),
  last_modified: Nullable(Type.String()),
})

export const UploadPartsStatus = Type.Object(
  {
    upload_id: Type.String(),
    state: UploadState,
    size_bytes: Type.Integer(),
    part_size: Type.Integer(),
    part_count: Type.Integer(),
    received_bytes: Type.Integer({ description: 'Bytes in parts of the right size.' }),
    parts: Type.Array(UploadedPart, { description: 'Parts the bucket holds (ListParts).' }),
    missing_part_numbers: Type.Array(Type.Integer(), {
      description: 'Parts still to send: not arrived, or arrived with the wrong size.',
    }),
  },
  { $id: 'GeneticsUploadParts' },
)

export const CompleteUploadInput = Type.Object({
  parts: Type.Optional(
    Type.Array(
      Type.Object({
        part_number: PartNumber,
        etag: Type.String({ minLength: 1, maxLength: 200, description: 'The ETag header of the part PUT.' }),
      }),
      {
        maxItems: 10000,
        description:
          'S3 sessions: every part with the ETag its PUT answered; checked against the bucket. Without it, the parts the bucket lists are used.',
      },
    ),
  ),
})

export const UploadProgress = Type.Object({
  upload_id: Type.String(),
  received_bytes: Type.Integer(),
  size_bytes: Type.Integer(),
  complete: Type.Boolean({ description: 'True when every byte has arrived; then call /complete.' }),
})

export const JobProgress = Type.Object({
  bytes: Type.Integer({ description: 'Bytes of the file read so far.' }),
  bytes_total: Nullable(Type.Integer()),
  records: Type.Integer({ description: 'Records (VCF lines or genotype rows) read so far.' }),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  updated_at: IsoTime,
})

const JobWarning = Type.Object({
  code: Type.String(),
  message: Type.String(),
  line: Type.Optional(Type.Integer()),
})

export const GeneticsJob = Type.Object(
  {
    id: Type.String(),
    job_id: Type.String(),
    organization_id: Type.String(),
    user_id: Type.String(),
    upload_id: Type.String(),
    state: GeneticsJobState,
    stage: Type.String({
      description: 'queued, verifying, detecting, reading, annotating, ancestry, storing, done',
    }),
    annotation_depth: AnnotationDepth,
    progress: JobProgress,
    attempts: Type.Integer(),
    max_attempts: Type.Integer(),
    error: Nullable(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'Problem details (type, title, status, detail) when the job failed.',
      }),
    ),
    sample: Nullable(
      Type.String({
        description:
          'The VCF sample this job analyses: the one its upload named, else the first of the file once the job has read it. ' +
          'Null for a file that names no samples (consumer exports hold one person).',
      }),
    ),
    samples_in_file: Nullable(
      Type.Integer({ description: 'Sample columns in the file, once read (0 for a consumer export).' }),
    ),
    warnings: Type.Array(JobWarning, {
      description:
        'Warnings of the result, as its source lists them (e.g. `MULTIPLE_SAMPLES`: the findings are for one ' +
        'sample of several); empty until the job succeeds.',
    }),
    source_id: Nullable(Type.String()),
    created_at: IsoTime,
    started_at: Nullable(IsoTime),
    finished_at: Nullable(IsoTime),
  },
  { $id: 'GeneticsJob' },
)

export const JobIdParams = Type.Object({ id: Type.String({ pattern: '^job_[0-9a-z]{26}$' }) })

export const JobListQuery = Type.Object({
  state: Type.Optional(GeneticsJobState),
  ...PageQuery,
})

export const Citation = Type.Object({
  kind: Type.String({ description: 'clinvar, cpic_guideline, pmid, pgs or pharmcat_allele' }),
  id: Type.String(),
  title: Type.Optional(Type.String()),
})

export const CallQualityConcern = Type.Union(
  [Type.Literal('low_gq'), Type.Literal('low_depth'), Type.Literal('allele_balance')],
  {
    description:
      '`low_gq`: genotype quality (FORMAT GQ, Phred) below 20, over 1 % chance the genotype is wrong; `low_depth`: fewer than 10 reads; ' +
      '`allele_balance`: the share of reads showing the variant is unlike an inherited genotype (outside 0.2-0.8 for a het: an artefact, mosaicism or contamination; below 0.8 for two copies).',
  },
)

export const CallQuality = Type.Object(
  {
    gq: Nullable(
      Type.Integer({
        description: 'Genotype quality (FORMAT GQ, Phred-scaled); null when the file gave none.',
      }),
    ),
    depth: Nullable(
      Type.Integer({
        description: 'Reads at the site (FORMAT DP, else the sum of AD); null when the file gave neither.',
      }),
    ),
    alt_fraction: Nullable(
      Type.Number({
        description:
          'Share of the reads showing the variant the genotype carries (from FORMAT AD, 0 to 1; for a multi-allelic record, the catalog variant); null when AD cannot say.',
      }),
    ),
    concerns: Type.Array(CallQualityConcern, {
      description: 'What falls short; empty when the call is confident on every measure the file gave.',
    }),
  },
  {
    description:
      "The sequencing call's own quality measures. A finding with concerns is kept (a real variant withheld would be as harmful) and its `notice` says to confirm it with a clinical-grade test.",
  },
)

export const GeneticFinding = Type.Object(
  {
    id: Type.String(),
    source_id: Type.String(),
    entry_id: Type.String({ description: 'Compact catalog entry.' }),
    rsid: Nullable(Type.String()),
    gene: Nullable(Type.String()),
    label: Type.String(),
    category: Type.Union([Type.Literal('pharmacogenomic'), Type.Literal('clinical'), Type.Literal('trait')]),
    genotype: Type.String({ description: "Observed genotype on the plus strand, e.g. 'G/A'." }),
    zygosity: Type.Union([Type.Literal('het'), Type.Literal('hom_alt'), Type.Literal('hemizygous')]),
    alt_copies: Type.Integer(),
    interpretation: Type.String(),
    evidence_level: Type.Union([Type.Literal('strong'), Type.Literal('moderate'), Type.Literal('limited')]),
    evidence_summary: Type.String(),
    notice: Type.String({
      description:
        'What this finding is not, and who decides before anything is acted on (by category); for an imputed genotype, also that it was imputed, not measured; for a low-quality sequencing call (`call_quality.concerns`), that a clinical-grade test confirms it; for a chip file whose sample read poorly (its source warns `LOW_CALL_RATE`), that the call is less certain than usual.',
    }),
    citations: Type.Array(Citation),
    matched_by: Type.String(),
    filter: Nullable(Type.String()),
    sample: Nullable(
      Type.String({
        description:
          'The VCF sample whose genotype this is (a multi-sample file holds several people); null for a consumer export.',
      }),
    ),
    imputed: Type.Boolean({
      description:
        'True when the genotype was imputed (estimated from a reference panel by Minimac, Beagle or an imputation server), not measured; ' +
        '`notice` then says so. Imputed genotypes below an estimated accuracy of 0.3 give no finding at all. ' +
        'False: measured, or the file does not say it was imputed.',
    }),
    imputation_r2: Nullable(
      Type.Number({
        description:
          "The imputation tool's estimated accuracy for the site (Minimac `R2`, Beagle `DR2`, from 0 to 1: the estimated squared correlation with the true genotype); null when `imputed` is false or the file gave none.",
      }),
    ),
    call_quality: Type.Union([CallQuality, Type.Null()], {
      description:
        'The quality of a sequencing call (FORMAT GQ, DP, AD) and what falls short; null for consumer arrays, calls without these fields, and findings stored before it was kept.',
    }),
    created_at: IsoTime,
  },
  { $id: 'GeneticFinding' },
)

const CsvList = (what: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: `Comma-separated ${what}.` }))

export const FindingListQuery = Type.Object({
  source_id: CsvList('source ids'),
  gene: CsvList('gene symbols'),
  rsid: CsvList('rsIDs'),
  ...PageQuery,
})

export const FindingList = pageOf(GeneticFinding)

export const AncestryInput = Type.Object({
  user_id: Type.Optional(Type.String({ minLength: 1 })),
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  source_id: Type.String({ pattern: '^src_[0-9a-z]{26}$' }),
})

export const AncestryResult = Type.Object(
  {
    id: Type.String(),
    source_id: Type.String(),
    organization_id: Type.String(),
    user_id: Type.String(),
    result: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Proportions with confidence intervals, coverage, genome build and the method used.',
    }),
    created_at: IsoTime,
  },
  { $id: 'AncestryResult' },
)

export type UploadSessionInput = Static<typeof UploadSessionInput>
export type UploadSession = Static<typeof UploadSession>
export type CreatedUploadSession = Static<typeof CreatedUploadSession>
export type PresignedPart = Static<typeof PresignedPart>
export type PartUrls = Static<typeof PartUrls>
export type UploadPartsStatus = Static<typeof UploadPartsStatus>
export type CompleteUploadInput = Static<typeof CompleteUploadInput>
export type GeneticsJob = Static<typeof GeneticsJob>
export type GeneticFinding = Static<typeof GeneticFinding>
export type AncestryResult = Static<typeof AncestryResult>
export type AnnotationDepthName = Static<typeof AnnotationDepth>
