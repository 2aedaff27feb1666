// The one place the service calls genetics-core, through its public API: one streaming scan of a file
// for the compact catalog's sites and the ancestry panel (detection, summary, findings, ancestry), and
// with full_dbsnp the dbSNP join. Everything returned stays in memory for the caller to store; nothing
// here logs genotype data.

import {
  type AncestryResult,
  analyzeGeneticsSource,
  type CompactAnnotationResult,
  type DbsnpResult,
  type Detection,
  detectSource,
  type GeneticSexCall,
  GeneticsCancelledError,
  GeneticsInputError,
  type GeneticsWarning,
  type Progress,
  type ScanSummary,
  type StrandCall,
} from '../../genetics-core'

export { AncestryError } from '../../genetics-core'
export type { AncestryResult, CompactAnnotationResult, DbsnpResult, Detection, Progress, ScanSummary }
export { detectSource, GeneticsCancelledError, GeneticsInputError }

export interface CoreAnalysis {
  detection: Detection
  summary: ScanSummary
  /** Null when the genome build could not be determined (positions cannot be matched safely). */
  compact: CompactAnnotationResult | null
  ancestry: AncestryResult | null
  /** Why there is no ancestry estimate, when there is none. */
  ancestryUnavailable: string | null
  dbsnp: DbsnpResult | null
  /** The strand the file's letters are on and the sites that show it (consumer files are voted on). */
  strand: StrandCall
  /** Genetic sex from X heterozygosity and Y calls (not gender), for X wording and the profile. */
  geneticSex: GeneticSexCall
  warnings: GeneticsWarning[]
}

export interface CoreOptions {
  annotation: 'compact' | 'full_dbsnp'
  dbsnpPath?: string | null
  onProgress?: (progress: Progress) => void
  signal?: AbortSignal
}

export async function analyzeGeneticsFile(path: string, options: CoreOptions): Promise<CoreAnalysis> {
  const analysis = await analyzeGeneticsSource(path, {
    annotation: options.annotation,
    dbsnpPath: options.dbsnpPath ?? undefined,
    ancestry: true,
    onProgress: options.onProgress,
    signal: options.signal,
  })
  // The core says why ancestry was skipped in a warning (unknown build, no usable markers).
  const skipped = analysis.ancestry
    ? undefined
    : analysis.warnings.find((w) => w.code.startsWith('ANCESTRY_') || w.code === 'BUILD_UNKNOWN')
  return {
    ...analysis,
    ancestryUnavailable: analysis.ancestry
      ? null
      : (skipped?.message ?? 'no ancestry estimate could be made'),
  }
}
