// The one place the service calls genetics-core: one streaming scan of a file for the compact catalog's
// sites and the ancestry panel, then the catalog interpretation and the ancestry estimate from the calls
// found, and with full_dbsnp a second streaming pass joining every allele to the dbSNP reference.
// Everything returned stays in memory for the caller to store; nothing here logs genotype data.

import {
  AncestryError,
  type AncestryResult,
  ancestryTargets,
  estimateAncestry,
} from '../../genetics-core/ancestry'
import { type CompactAnnotationResult, catalogTargets, interpretCompact } from '../../genetics-core/catalog'
import { detectSource } from '../../genetics-core/detect/detect-source'
import { GeneticsCancelledError, GeneticsInputError } from '../../genetics-core/errors'
import { scanSource } from '../../genetics-core/scan/scan-source'
import type {
  DbsnpOptions,
  DbsnpResult,
  Detection,
  GeneticsWarning,
  Progress,
  ScanSummary,
} from '../../genetics-core/types'

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
  warnings: GeneticsWarning[]
}

export interface CoreOptions {
  annotation: 'compact' | 'full_dbsnp'
  dbsnpPath?: string | null
  onProgress?: (progress: Progress) => void
  signal?: AbortSignal
}

type AnnotateWithDbsnp = (path: string, dbsnpPath: string, options: DbsnpOptions) => Promise<DbsnpResult>

/** The dbSNP joiner of genetics-core, loaded when first needed. */
async function loadDbsnpJoiner(): Promise<AnnotateWithDbsnp> {
  const modulePath = '../../genetics-core/dbsnp/annotate-with-dbsnp'
  try {
    const loaded = (await import(modulePath)) as { annotateWithDbsnp?: AnnotateWithDbsnp }
    if (loaded.annotateWithDbsnp) return loaded.annotateWithDbsnp
  } catch {}
  throw new GeneticsInputError(
    'MODULE_NOT_AVAILABLE',
    'full dbSNP annotation is not available in this build of the service; use annotation_depth "compact"',
  )
}

export async function analyzeGeneticsFile(path: string, options: CoreOptions): Promise<CoreAnalysis> {
  const scan = await scanSource(path, {
    targets: [...catalogTargets(), ...ancestryTargets()],
    onProgress: options.onProgress,
    signal: options.signal,
  })
  const build = scan.summary.build.build
  const warnings = [...scan.warnings]
  let compact: CompactAnnotationResult | null = null
  let ancestry: AncestryResult | null = null
  let ancestryUnavailable: string | null = null
  if (build === 'unknown') {
    warnings.push({
      code: 'BUILD_UNKNOWN',
      message:
        'The genome build could not be determined, so catalog sites and ancestry markers were not matched.',
    })
    ancestryUnavailable = 'the genome build of the source could not be determined'
  } else {
    compact = interpretCompact(scan.calls, build)
    options.onProgress?.({ ...lastProgress(scan), stage: 'ancestry' })
    try {
      ancestry = estimateAncestry(scan.calls, {
        build,
        assumption: scan.summary.isGvcf ? 'genome_wide' : 'variant_only',
      })
    } catch (error) {
      if (!(error instanceof AncestryError)) throw error
      ancestryUnavailable = error.message
    }
  }
  let dbsnp: DbsnpResult | null = null
  if (options.annotation === 'full_dbsnp') {
    if (!options.dbsnpPath)
      throw new GeneticsInputError('NOT_APPLICABLE', 'no dbSNP reference is provisioned on this deployment')
    const annotate = await loadDbsnpJoiner()
    dbsnp = await annotate(path, options.dbsnpPath, {
      onProgress: options.onProgress,
      signal: options.signal,
    })
  }
  return {
    detection: scan.detection,
    summary: scan.summary,
    compact,
    ancestry,
    ancestryUnavailable,
    dbsnp,
    warnings,
  }
}

function lastProgress(scan: { summary: ScanSummary }): Progress {
  return {
    stage: 'annotating',
    bytesRead: scan.summary.bytes.compressed,
    totalBytes: scan.summary.bytes.compressed,
    records: scan.summary.records,
  }
}
