// The genetics module's service: what other modules and the operations call. Each job lives in its own
// file (findings, uploads, jobs, ancestry, small-file import); this file gathers the public functions.

export { requestAncestry } from './ancestry'
export { deleteGeneticsSourceData } from './delete-source'
export { type FindingFilter, listGeneticFindings, listGeneticFindingsPage } from './findings'
export { type GenotypeFileInput, importGenotypeFile } from './import-file'
export { cancelJob, getJob, listJobs } from './jobs'
export { receiveUploadPart } from './local-upload'
export type {
  AncestryResult,
  GeneticFinding,
  GeneticsJob,
  PartUrls,
  UploadPartsStatus,
  UploadSession,
} from './model'
export { cancelUpload, sweepExpiredUploads, sweepOrphanedMultipartUploads } from './upload-lifecycle'
export {
  completeUpload,
  createUploadSession,
  getUploadParts,
  getUploadSession,
  requestPartUrls,
} from './uploads'
