// The one place the service calls genetics-core, through its public API: one streaming scan of a file
// for the compact catalog's sites and the ancestry panel (detection, summary, findings, ancestry), and
// with full_dbsnp the dbSNP join. Everything returned stays in memory for the caller to store; nothing
// here logs genotype data.

// genetics-core (its catalog, ancestry model and readers) is loaded on the first genetics file, not when
// the service starts: most processes answer many requests before they read a genome, if they ever do.
// Its error classes are small and are loaded now, so that `instanceof` works before the first file.
import type {
  AncestryResult,
  CompactAnnotationResult,
  DbsnpResult,
  Detection,
  GeneticSexCall,
  GeneticsWarning,
  Progress,
  ScanSummary,
  StrandCall,
} from '../../genetics-core'
import { AncestryError } from '../../genetics-core/ancestry/errors'
import { GeneticsCancelledError, GeneticsInputError } from '../../genetics-core/errors'
import { lazyModule } from '../shared/lazy-module'

export type { AncestryResult, CompactAnnotationResult, DbsnpResult, Detection, Progress, ScanSummary }
export { AncestryError, GeneticsCancelledError, GeneticsInputError }

const geneticsCore = lazyModule(() => import('../../genetics-core'))

/** What the file is (format, build, compression, samples), read from its first bytes. */
export async function detectSource(path: string): Promise<Detection> {
  return (await geneticsCore()).detectSource(path)
}

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
  const { analyzeGeneticsSource } = await geneticsCore()
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
