// The genetics module's service: what other modules and the operations call. Each job lives in its own
// file (findings, uploads, jobs, ancestry, small-file import); this file gathers the public functions.

export { requestAncestry } from './ancestry'
export { type FindingFilter, listGeneticFindings } from './findings'
export { type GenotypeFileInput, importGenotypeFile } from './import-file'
export { cancelJob, getJob, listJobs } from './jobs'
export type { AncestryResult, GeneticFinding, GeneticsJob, UploadSession } from './model'
export { completeUpload, createUploadSession, getUploadSession, receiveUploadPart } from './uploads'
