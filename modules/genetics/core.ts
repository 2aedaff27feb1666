// The one place the service calls genetics-core, through its public API: one streaming scan of a file
// for the compact catalog's sites and the ancestry panel (detection, summary, findings, ancestry), and
// with full_dbsnp the dbSNP join. Everything returned stays in memory for the caller to store; nothing
// here logs genotype data.

import { statSync } from 'node:fs'
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
import { isVcfData } from '../../genetics-core/detect/vcf-data'
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
  /** VCF sample to analyse; absent: the first (the result warns when the file holds more). */
  sample?: string | null
  dbsnpPath?: string | null
  onProgress?: (progress: Progress) => void
  signal?: AbortSignal
}

/**
 * Records per stored byte past which a file is refused as a decompression bomb. Real downloads hold
 * 0.03-0.1 records per byte (a zipped 23andMe file about 0.1, a WGS VCF.GZ 0.03) and even a made-up,
 * perfectly regular array export stays under 0.2; a zip or gzip of one row repeated reaches 15-70.
 */
export const MAX_RECORDS_PER_STORED_BYTE = 2
/** Below this many records no file is refused for its expansion, however small it is on disk. */
export const EXPANSION_FLOOR_RECORDS = 2_000_000

/** The file inflates to far more records than its size allows for a genotype file (a decompression bomb). */
function expansionLimitError(limit: number, storedBytes: number): GeneticsInputError {
  return new GeneticsInputError(
    'DECOMPRESSION_LIMIT',
    `the file inflates to more than ${limit} records from ${storedBytes} stored bytes, far more than a genotype file holds for its size; it looks like a decompression bomb and was not read further`,
  )
}

/** Most records a file of this size may hold before it is taken for a decompression bomb. */
export function expansionLimit(storedBytes: number): number {
  return Math.max(EXPANSION_FLOOR_RECORDS, Math.ceil(storedBytes * MAX_RECORDS_PER_STORED_BYTE))
}

export async function analyzeGeneticsFile(path: string, options: CoreOptions): Promise<CoreAnalysis> {
  const { analyzeGeneticsSource } = await geneticsCore()
  // A named sample is checked against the header before the scan (UnknownSampleError lists the names).
  const sample = options.sample ?? undefined
  // The core streams, so memory stays flat, but a small archive of one row repeated can keep a worker
  // (or a synchronous import) busy for hours: stop reading once the records outgrow the stored size.
  const storedBytes = statSync(path).size
  const limit = expansionLimit(storedBytes)
  const bomb = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, bomb.signal]) : bomb.signal
  const onProgress = (p: Progress) => {
    if (p.records > limit) bomb.abort()
    options.onProgress?.(p)
  }
  let analysis: Awaited<ReturnType<typeof analyzeGeneticsSource>>
  try {
    analysis = await analyzeGeneticsSource(path, {
      annotation: options.annotation,
      sample,
      dbsnpPath: options.dbsnpPath ?? undefined,
      ancestry: true,
      onProgress,
      signal,
    })
  } catch (error) {
    if (bomb.signal.aborted && !options.signal?.aborted) throw expansionLimitError(limit, storedBytes)
    throw error
  }
  // Progress is reported at most every 100 ms, so a fast scan can finish before the watch fires.
  if (analysis.summary.records > limit) throw expansionLimitError(limit, storedBytes)
  // A header without records would be stored as a source with no findings, which reads as "nothing
  // found": refused instead, as a consumer export without rows already is.
  if (analysis.summary.records === 0)
    throw new GeneticsInputError(
      'NO_RECORDS',
      'the file has a header but no records, so there is nothing to analyse (an export that stopped early, or a filter that removed every record?)',
    )
  // A VCF without sample columns lists sites, not anyone's genotypes (an annotation or sites-only
  // file sent by mistake): stored, it too would be a source with no findings that reads as "nothing
  // found".
  if (isVcfData(analysis.detection.format) && analysis.detection.samples.length === 0)
    throw new GeneticsInputError(
      'NO_SAMPLES',
      "the VCF has no sample columns, so it holds no one's genotypes (a sites-only or annotation file?); upload the VCF that has your genotype column after FORMAT",
    )
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
