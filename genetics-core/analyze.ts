// analyzeGeneticsSource: what a job worker calls for one uploaded genetics file. One scan collects
// the calls at the compact catalog's targets and (when asked) the ancestry panel's markers; the
// catalog interprets its calls, the ancestry module estimates ancestry, and with full_dbsnp the
// file is also joined to the provisioned dbSNP reference for rsIDs and coverage.

import type { AncestryResult, MissingMarkerAssumption } from './ancestry/index'
import { AncestryError, ancestryTargets, estimateAncestry } from './ancestry/index'
import type { CompactAnnotationResult } from './catalog/index'
import { catalogTargets, compactCatalog, interpretCompact } from './catalog/index'
import { partialDeliveryNote } from './catalog/partial-delivery-note'
import { annotateWithDbsnp } from './dbsnp/annotate-with-dbsnp'
import { referenceMismatchEvidence } from './detect/reference-mismatch'
import { refuseSomaticCalls } from './detect/somatic-calls'
import { isVcfData } from './detect/vcf-data'
import { GeneticsInputError } from './errors'
import { arrayCallRateWarning } from './quality/array-call-rate'
import { scanSource } from './scan/scan-source'
import { type GeneticSexCall, inferGeneticSex } from './sex/infer-genetic-sex'
import { readCallsAsLetters } from './strand/letters-only'
import {
  type HintedTarget,
  inferStrand,
  orientCalls,
  referenceAlleleStrand,
  type StrandCall,
} from './strand/strand-orientation'
import type {
  DbsnpResult,
  Detection,
  GeneticsWarning,
  GenomeBuild,
  Progress,
  ScanSummary,
  SiteCall,
  SiteTarget,
} from './types'

export interface AnalyzeOptions {
  annotation: 'compact' | 'full_dbsnp'
  /** Bgzipped, tabix-indexed dbSNP VCF; required for full_dbsnp. */
  dbsnpPath?: string
  ancestry?: boolean
  /** What an absent ancestry marker means; default 'reference_blocks' for a gVCF, else 'variant_only'. */
  ancestryAssumption?: MissingMarkerAssumption
  /** VCF sample to analyse (default: the first). */
  sample?: string
  onProgress?: (p: Progress) => void
  signal?: AbortSignal
}

export interface GeneticsAnalysis {
  detection: Detection
  summary: ScanSummary
  /** Compact catalog findings; null when the build is unknown (positions cannot be trusted). */
  compact: CompactAnnotationResult | null
  /** Ancestry estimate when asked and possible; null otherwise (see warnings for why). */
  ancestry: AncestryResult | null
  /** Full dbSNP coverage for annotation 'full_dbsnp' on a VCF; null otherwise. */
  dbsnp: DbsnpResult | null
  /** The strand the file's letters are on, and the evidence (consumer files are voted on). */
  strand: StrandCall
  /** Genetic sex from X heterozygosity and Y calls, with its evidence; used for X wording. */
  geneticSex: GeneticSexCall
  warnings: GeneticsWarning[]
}

/**
 * Scans a genetics file once and returns detection, summary, compact findings, ancestry (when asked)
 * and dbSNP coverage (for full_dbsnp).
 *
 * @example
 * const analysis = await analyzeGeneticsSource(path, { annotation: 'compact', ancestry: true })
 * console.log(analysis.summary.records, analysis.compact?.findings.length)
 */
export async function analyzeGeneticsSource(
  path: string,
  options: AnalyzeOptions,
): Promise<GeneticsAnalysis> {
  if (options.annotation === 'full_dbsnp' && !options.dbsnpPath) {
    throw new GeneticsInputError(
      'DBSNP_REFERENCE_INVALID',
      'full_dbsnp annotation needs a provisioned dbSNP reference path',
    )
  }
  const compactTargets = catalogTargets()
  // The panel's markers are read even when no ancestry is asked for: their many common SNVs are what
  // a file's strand and its REF column are judged on (strand/, detect/reference-mismatch.ts).
  const panelTargets = ancestryTargets()
  const allTargets = [...compactTargets, ...panelTargets]
  const scan = await scanSource(path, {
    targets: allTargets,
    sample: options.sample,
    onProgress: options.onProgress,
    signal: options.signal,
  })
  // A tumour's mutations are not the person's inherited genotypes: nothing is interpreted from them.
  refuseSomaticCalls(scan.detection)
  const warnings = [...scan.warnings]
  const build = scan.summary.build.build
  // Letters are read on the plus strand only once the file's strand is known (see strand/). A VCF whose
  // REF is not the genome's (PLINK's, detect/provisional-reference.ts, or found so from the data,
  // detect/reference-mismatch.ts) is read as letters, as a chip's.
  const detection = withReferenceFromData(scan.detection, scan.calls, allTargets, build)
  const provisional = detection.provisionalReference !== null
  if (detection.provisionalReference)
    warnings.push(provisionalReferenceWarning(detection.provisionalReference))
  const statesReference = isVcfData(detection.format) && !provisional
  const calls = provisional ? readCallsAsLetters(scan.calls, allTargets) : scan.calls
  const strand = statesReference ? referenceAlleleStrand() : inferStrand(calls, allTargets)
  const oriented = orientCalls(calls, allTargets, strand)
  warnings.push(...strandWarnings(strand))
  // A chip's file, or a VCF made from one (detect/chip-vcf.ts), lists every probe: a sample that read
  // poorly (many no-calls) is said to be less certain (see quality/), and sex takes the chip thresholds.
  // An imputed VCF lists a panel's sites (detect/imputed-vcf.ts), which sex reads otherwise again.
  const chipData = !statesReference || detection.chipEvidence !== null
  const callRate = chipData ? arrayCallRateWarning(scan.summary) : null
  if (callRate) warnings.push(callRate)
  const dataKind = detection.imputedEvidence !== null ? 'imputed' : chipData ? 'array' : 'sequencing'
  const geneticSex = inferGeneticSex(scan.summary.sexChromosomes, dataKind)
  const pick = (targets: SiteTarget[]) => {
    const picked = new Map<string, SiteCall>()
    for (const t of targets) {
      const call = oriented.calls.get(t.key)
      if (call) picked.set(t.key, call)
    }
    return picked
  }

  let compact: CompactAnnotationResult | null = null
  if (build === 'unknown') {
    warnings.push({
      code: 'BUILD_UNKNOWN',
      message:
        'the genome build could not be decided, so catalog positions cannot be matched; no compact findings',
    })
  } else {
    compact = interpretCompact(pick(compactTargets), build, undefined, oriented.withheld, geneticSex.sex)
    // A sequencing lab's SNP file or INDEL file alone: say which catalog entries the other file holds.
    // (Chip and imputed VCFs list their panel's sites, often SNVs only: no second file to ask for.)
    const partial =
      dataKind === 'sequencing' ? partialDeliveryNote(scan.summary, compact, compactCatalog().entries) : null
    if (partial) compact = { ...compact, notes: [...compact.notes, partial] }
  }

  let ancestry: AncestryResult | null = null
  if (options.ancestry) {
    ancestry = runAncestry(pick(panelTargets), build, options, detection.isGvcf, warnings, oriented.withheld)
  }

  let dbsnp: DbsnpResult | null = null
  if (options.annotation === 'full_dbsnp') {
    if (statesReference) {
      dbsnp = await annotateWithDbsnp(path, options.dbsnpPath!, {
        onProgress: options.onProgress,
        signal: options.signal,
      })
      warnings.push(...dbsnp.warnings)
    } else {
      warnings.push({
        code: 'DBSNP_NOT_APPLICABLE',
        message: 'full dbSNP annotation applies to VCF files; this consumer file already carries rsIDs',
      })
    }
  }
  return {
    detection,
    summary: scan.summary,
    compact,
    ancestry,
    dbsnp,
    strand,
    geneticSex,
    warnings,
  }
}

/** The detection, with REF judged from the data where the header did not declare it provisional. */
function withReferenceFromData(
  detection: Detection,
  calls: ReadonlyMap<string, SiteCall>,
  targets: HintedTarget[],
  build: GenomeBuild | 'unknown',
): Detection {
  if (!isVcfData(detection.format) || detection.provisionalReference !== null) return detection
  const fromData = referenceMismatchEvidence(calls, targets, build)
  return fromData ? { ...detection, provisionalReference: fromData } : detection
}

function provisionalReferenceWarning(evidence: string): GeneticsWarning {
  return {
    code: 'REF_NOT_FROM_GENOME',
    message: `the file's REF column is not the reference genome's: ${evidence}. As in a VCF converted from chip letters, its calls were read as the letters they are, on the strand inferred from the file`,
  }
}

function strandWarnings(strand: StrandCall): GeneticsWarning[] {
  if (strand.method === 'reference_allele' || strand.orientation === 'plus') return []
  if (strand.orientation === 'minus') {
    return [
      {
        code: 'STRAND_MINUS',
        message: `the file reports its alleles on the minus strand (${strand.evidence}); every call was complemented before interpretation`,
      },
    ]
  }
  return [
    {
      code: 'STRAND_UNKNOWN',
      message: `the strand of the file could not be established: ${strand.evidence}; palindromic sites (A/T, C/G) were not interpreted`,
    },
  ]
}

function runAncestry(
  calls: Map<string, SiteCall>,
  build: GenomeBuild | 'unknown',
  options: AnalyzeOptions,
  isGvcf: boolean,
  warnings: GeneticsWarning[],
  strandWithheld: ReadonlySet<string> = new Set(),
): AncestryResult | null {
  if (build === 'unknown') {
    warnings.push({ code: 'ANCESTRY_SKIPPED', message: 'no ancestry estimate: the genome build is unknown' })
    return null
  }
  try {
    return estimateAncestry(calls, {
      build,
      assumption: options.ancestryAssumption ?? (isGvcf ? 'reference_blocks' : 'variant_only'),
      strandWithheld,
    })
  } catch (error) {
    if (error instanceof AncestryError) {
      warnings.push({ code: error.code, message: error.message })
      return null
    }
    throw error
  }
}

/** Ancestry for one sample's calls (the CLI's --all-samples lines use it). */
export function ancestryForCalls(
  calls: Map<string, SiteCall>,
  build: GenomeBuild | 'unknown',
  assumption: MissingMarkerAssumption,
): { ancestry: AncestryResult | null; warning: GeneticsWarning | null } {
  const warnings: GeneticsWarning[] = []
  const ancestry = runAncestry(
    calls,
    build,
    { annotation: 'compact', ancestryAssumption: assumption },
    false,
    warnings,
  )
  return { ancestry, warning: warnings[0] ?? null }
}
