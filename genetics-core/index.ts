// Public API of genetics-core. Explicit named exports only: whatever is listed here is the contract
// the job workers, the CLI and the other genetics-core modules build on.

export { type AnalyzeOptions, analyzeGeneticsSource, type GeneticsAnalysis } from './analyze'
export * from './ancestry/index'
export * from './catalog/index'
export { annotateWithDbsnp } from './dbsnp/annotate-with-dbsnp'
export { detectSource } from './detect/detect-source'
export { GeneticsCancelledError, type GeneticsErrorCode, GeneticsInputError, isGeneticsError } from './errors'
export { trimAlleles } from './normalize/alleles'
export { canonicalChromosome } from './normalize/chromosome'
export { scanSource } from './scan/scan-source'
export {
  type GeneticSex,
  type GeneticSexCall,
  inferGeneticSex,
  type SexCallData,
} from './sex/infer-genetic-sex'
export {
  inferStrand,
  isPalindromic,
  type OrientedCalls,
  orientCalls,
  referenceAlleleStrand,
  type StrandCall,
  type StrandOrientation,
} from './strand/strand-orientation'
export type {
  BuildCall,
  Compression,
  DbsnpOptions,
  DbsnpResult,
  Detection,
  GeneticsWarning,
  GenomeBuild,
  GenotypeCounts,
  Progress,
  ScanOptions,
  ScanResult,
  ScanSummary,
  SiteCall,
  SiteTarget,
  SiteTargetAlleleHints,
  SourceFormat,
  Zygosity,
} from './types'
export { UnknownSampleError } from './unknown-sample'
