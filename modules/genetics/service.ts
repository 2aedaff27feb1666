// The genetics module's service: what other modules and the operations call. Each job lives in its own
// file (findings, uploads, jobs, ancestry, small-file import); this file gathers the public functions.

export { type FindingFilter, listGeneticFindings } from './findings'
export type { GeneticFinding } from './model'
