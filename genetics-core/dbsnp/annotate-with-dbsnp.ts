// annotateWithDbsnp: assigns rsIDs to every ALT allele of a VCF from a bgzipped, indexed dbSNP VCF.
// Alleles match only when they are the same after multi-allelic splitting and trimming. Contig names
// may differ between the files (RefSeq NC_0000xx, chr-prefixed, bare): both sides are reduced to
// canonical chromosomes. Dense sorted inputs use a streaming merge join; sparse inputs, and inputs
// that turn out unsorted, use tabix region reads.

import { access } from 'node:fs/promises'
import { type Inspection, inspectSource } from '../detect/inspect-source'
import { isVcfData } from '../detect/vcf-data'
import { GeneticsCancelledError, GeneticsInputError, throwIfAborted } from '../errors'
import { canonicalChromosome } from '../normalize/chromosome'
import { ProgressReporter } from '../scan/progress'
import { fileSize } from '../stream/sniff'
import { ScanWorkerPool } from '../stream/worker-pool'
import type { BuildCall, DbsnpOptions, DbsnpResult, GeneticsWarning } from '../types'
import { AlleleStream } from './allele-stream'
import { readIndexOffsets } from './index-offsets'
import { newJoinStats } from './join-stats'
import { InputNotSorted, mergeJoin, ReferenceSource } from './merge-join'
import { MT_SEQUENCE_WARNING, skipMitochondrion } from './mitochondrion'
import { dbsnpReferenceBuild } from './reference-build'
import type { IndexedChromosome } from './reference-index/format'
import { indexJoin } from './reference-index/index-join'
import { isIndexPath, readManifest } from './reference-index/index-reader'

/** Below this input/reference size ratio the input is "sparse" and region reads are cheaper. */
const SPARSE_RATIO = 1 / 200
const WORKER_THRESHOLD_BYTES = 8 << 20
/** Segments each stream keeps in flight on the workers, so neither side starves the join. */
const IN_FLIGHT = 6

/**
 * Full dbSNP annotation of a VCF against a bgzipped + tabix-indexed dbSNP VCF.
 *
 * @example
 * const result = await annotateWithDbsnp('sample.vcf.gz', '/refs/dbsnp.vcf.gz', {
 *   onAssigned: (chrom, pos, ref, alt, rs) => rows.push({ chrom, pos, ref, alt, rsid: `rs${rs}` }),
 * })
 * console.log(result.assigned, result.coverage)
 */
export async function annotateWithDbsnp(
  path: string,
  dbsnpPath: string,
  options: DbsnpOptions = {},
): Promise<DbsnpResult> {
  const { signal } = options
  throwIfAborted(signal)
  // Workers start while both files are inspected; they are released on every path out.
  const pool = await startPool(path, dbsnpPath, options.workers)
  try {
    return await annotate(path, dbsnpPath, options, pool)
  } finally {
    await pool?.terminate()
  }
}

async function startPool(
  path: string,
  dbsnpPath: string,
  requested: number | undefined,
): Promise<ScanWorkerPool | null> {
  if (requested === 0) return null
  // An index directory has no size of its own: the input alone decides.
  const sizes = await Promise.all([
    fileSize(path).catch(() => 0),
    isIndexPath(dbsnpPath) ? Promise.resolve(0) : fileSize(dbsnpPath).catch(() => 0),
  ])
  const workers = requested ?? (sizes[0] + sizes[1] > WORKER_THRESHOLD_BYTES ? 2 : 0)
  return workers > 0 ? new ScanWorkerPool(workers) : null
}

async function annotate(
  path: string,
  dbsnpPath: string,
  options: DbsnpOptions,
  pool: ScanWorkerPool | null,
): Promise<DbsnpResult> {
  const { signal } = options
  const input = await inspectSource(path, { signal })
  const inputFormat = input.detection.format
  if (!isVcfData(inputFormat)) {
    throw new GeneticsInputError(
      'NOT_APPLICABLE',
      'full dbSNP annotation needs a VCF with REF and ALT alleles; consumer genotype files already carry rsIDs',
    )
  }
  if (isIndexPath(dbsnpPath)) return annotateWithIndex(path, input, dbsnpPath, options, pool)
  const reference = await inspectSource(dbsnpPath, { signal }).catch((error) => {
    if (error instanceof GeneticsInputError) {
      throw new GeneticsInputError(
        'DBSNP_REFERENCE_INVALID',
        `the dbSNP reference is unusable: ${error.message}`,
      )
    }
    throw error
  })
  if (reference.detection.format !== 'vcf' || reference.detection.compression !== 'bgzf') {
    throw new GeneticsInputError(
      'DBSNP_REFERENCE_INVALID',
      'the dbSNP reference must be a bgzip-compressed VCF',
    )
  }
  const indexPath = await findIndex(dbsnpPath)
  const offsets = await readIndexOffsets(indexPath)
  const inputBuild = input.detection.build
  // NCBI's own files name the build only by RefSeq accessions (GCF_ header, NC_ contigs).
  const referenceBuild = dbsnpReferenceBuild(reference.detection.build, offsets.names)
  const warnings = buildWarnings(inputBuild, referenceBuild)
  const skipMt = skipMitochondrion(input.header?.contigs, reference.header?.contigs)
  if (skipMt) warnings.push(MT_SEQUENCE_WARNING)

  const referenceByChrom = new Map<string, string>()
  for (const name of offsets.names) {
    const canonical = canonicalChromosome(name)
    if (!referenceByChrom.has(canonical)) referenceByChrom.set(canonical, name)
  }
  const referenceName = (chrom: string) =>
    skipMt && chrom === 'MT' ? null : (referenceByChrom.get(chrom) ?? null)

  const onAbort = () => void pool?.terminate()
  signal?.addEventListener('abort', onAbort, { once: true })
  pool?.init(1, 'allele-keys', { role: 'input' })
  pool?.init(2, 'allele-keys', { role: 'reference' })

  const stats = newJoinStats()
  const unmatched = new Set<string>()
  const contigMapping = new Map<string, string>()
  const progress = new ProgressReporter(options.onProgress, input.detection.fileBytes)
  const openInput = () =>
    new AlleleStream({
      path,
      compression: input.detection.compression,
      binary: binaryOf(input),
      role: 'input',
      pool,
      channel: 1,
      signal,
    })
  let stream = openInput()
  const onBatch = () => progress.report('annotating', stream.bytesRead, stream.records)
  const sparse = input.detection.fileBytes < reference.detection.fileBytes * SPARSE_RATIO
  let method: DbsnpResult['method'] = options.method ?? (sparse ? 'tabix' : 'merge_join')
  progress.report('annotating', 0, 0, true)
  try {
    let skip = 0
    if (method === 'merge_join') {
      try {
        await mergeJoin(stream, {
          stats,
          onAssigned: options.onAssigned,
          referenceName,
          reference: new ReferenceSource((name) => {
            const first = offsets.firstBlock.get(name) ?? { block: 0, within: 0 }
            return new AlleleStream({
              path: dbsnpPath,
              compression: 'bgzf',
              role: 'reference',
              pool,
              channel: 2,
              start: first.block,
              skipFirstLine: first.within > 0,
              signal,
              inFlight: IN_FLIGHT,
            })
          }, offsets.names),
          unmatched,
          contigMapping,
          signal,
          onBatch,
        })
      } catch (error) {
        if (!(error instanceof InputNotSorted)) throw error
        warnings.push({
          code: 'INPUT_UNSORTED',
          message: `the input is not sorted by position; the remaining alleles were annotated by region reads`,
        })
        skip = error.allelesDone
        method = 'tabix'
        stream.close()
        stream = openInput()
      }
    }
    if (method === 'tabix') {
      // @gmod/tabix loads only for the region-read join: every other run (the scan, the merge and index
      // joins) starts without it.
      const { tabixJoin } = await import('./tabix-join')
      await tabixJoin(
        stream,
        { path: dbsnpPath, indexPath },
        {
          stats,
          onAssigned: options.onAssigned,
          referenceName,
          unmatched,
          contigMapping,
          signal,
          onBatch,
          skip,
        },
      )
    }
  } catch (error) {
    if (signal?.aborted) throw new GeneticsCancelledError()
    throw error
  } finally {
    stream.close()
    signal?.removeEventListener('abort', onAbort)
    await pool?.terminate()
  }
  throwIfAborted(signal)
  progress.report('done', input.detection.fileBytes, stream.records, true)
  return joinResult(method, stats, contigMapping, unmatched, inputBuild, referenceBuild, warnings)
}

/** A BCF input is read through its decoder (allele-stream.ts). */
const binaryOf = (input: Inspection) => (input.detection.format === 'bcf' ? ('bcf' as const) : undefined)

/** The join against a provisioned index (`index-dbsnp`): one lookup path for sorted and unsorted input. */
async function annotateWithIndex(
  path: string,
  input: Inspection,
  indexPath: string,
  options: DbsnpOptions,
  pool: ScanWorkerPool | null,
): Promise<DbsnpResult> {
  const { signal } = options
  const { dir, manifest } = readManifest(indexPath)
  const inputBuild = input.detection.build
  const referenceBuild = manifest.referenceBuild as BuildCall
  const warnings = buildWarnings(inputBuild, referenceBuild)
  // The index keeps no contig lengths: its MT is taken to be the rCRS of every NCBI dbSNP release.
  const skipMt = skipMitochondrion(input.header?.contigs, undefined)
  if (skipMt) warnings.push(MT_SEQUENCE_WARNING)
  const byCanonical = new Map<string, IndexedChromosome>()
  for (const c of manifest.chromosomes) if (!byCanonical.has(c.canonical)) byCanonical.set(c.canonical, c)
  const stats = newJoinStats()
  const unmatched = new Set<string>()
  const contigMapping = new Map<string, string>()
  const progress = new ProgressReporter(options.onProgress, input.detection.fileBytes)
  pool?.init(1, 'allele-keys', { role: 'input' })
  const stream = new AlleleStream({
    path,
    compression: input.detection.compression,
    binary: binaryOf(input),
    role: 'input',
    pool,
    channel: 1,
    signal,
    inFlight: IN_FLIGHT,
  })
  const onAbort = () => void pool?.terminate()
  signal?.addEventListener('abort', onAbort, { once: true })
  progress.report('annotating', 0, 0, true)
  try {
    await indexJoin(stream, {
      stats,
      onAssigned: options.onAssigned,
      dir,
      blockRecords: manifest.blockRecords,
      referenceBuild: referenceBuild.build === 'unknown' ? null : referenceBuild.build,
      chromosomeFor: (chrom) => (skipMt && chrom === 'MT' ? null : (byCanonical.get(chrom) ?? null)),
      unmatched,
      contigMapping,
      signal,
      onBatch: () => progress.report('annotating', stream.bytesRead, stream.records),
    })
  } catch (error) {
    if (signal?.aborted) throw new GeneticsCancelledError()
    throw error
  } finally {
    stream.close()
    signal?.removeEventListener('abort', onAbort)
  }
  throwIfAborted(signal)
  progress.report('done', input.detection.fileBytes, stream.records, true)
  return joinResult('index', stats, contigMapping, unmatched, inputBuild, referenceBuild, warnings)
}

/** Refuses builds that differ; warns when one side's build is unknown. */
function buildWarnings(inputBuild: BuildCall, referenceBuild: BuildCall): GeneticsWarning[] {
  if (
    inputBuild.build !== 'unknown' &&
    referenceBuild.build !== 'unknown' &&
    inputBuild.build !== referenceBuild.build
  ) {
    throw new GeneticsInputError(
      'BUILD_MISMATCH',
      `the input is ${inputBuild.build} (${inputBuild.method}) but the dbSNP reference is ${referenceBuild.build}; positions would not match`,
    )
  }
  if (inputBuild.build === 'unknown' || referenceBuild.build === 'unknown') {
    return [
      {
        code: 'BUILD_UNVERIFIED',
        message:
          'the build of the input or of the reference is unknown, so it could not be checked that they match',
      },
    ]
  }
  return []
}

async function findIndex(dbsnpPath: string): Promise<string> {
  for (const candidate of [`${dbsnpPath}.tbi`, `${dbsnpPath}.csi`]) {
    const exists = await access(candidate).then(
      () => true,
      () => false,
    )
    if (exists) return candidate
  }
  throw new GeneticsInputError(
    'DBSNP_REFERENCE_INVALID',
    'the dbSNP reference has no .tbi or .csi index beside it (create one with `tabix -p vcf`)',
  )
}

/** What a join reports, whichever path ran it: the counts, coverage and the contigs it could and could not join. */
function joinResult(
  method: DbsnpResult['method'],
  stats: ReturnType<typeof newJoinStats>,
  contigMapping: Map<string, string>,
  unmatched: Iterable<string>,
  build: DbsnpResult['build'],
  referenceBuild: DbsnpResult['referenceBuild'],
  warnings: DbsnpResult['warnings'],
): DbsnpResult {
  return {
    method,
    alleles: stats.alleles,
    assigned: stats.assigned,
    coverage: stats.alleles === 0 ? 0 : stats.assigned / stats.alleles,
    alleleMismatches: stats.alleleMismatches,
    agreedWithInputId: stats.agreedWithInputId,
    differedFromInputId: stats.differedFromInputId,
    multipleRsids: stats.multipleRsids,
    contigMapping: Object.fromEntries(contigMapping),
    unmatchedContigs: [...unmatched],
    build,
    referenceBuild,
    warnings,
  }
}
