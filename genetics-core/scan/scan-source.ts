// scanSource: one streaming pass over a genetics file. Detects it, plans what to look for (targets,
// build markers), streams it (BGZF on worker threads, everything else on the main thread), resolves
// the calls at the targets, decides the build if the header did not, and sums up the file.

import { openBcfText } from '../bcf/open-bcf-text'
import { isRowProblem, parseConsumerRow } from '../consumer/consumer-row'
import { ConsumerRowScanner } from '../consumer/row-scanner'
import { spreadsheetRowLimitError } from '../consumer/spreadsheet-row-limit'
import { type Inspection, inspectSource } from '../detect/inspect-source'
import { KnownMarkerVotes, knownMarkerPositionKeys, knownMarkerRsNumbers } from '../detect/known-markers'
import { throwIfAborted } from '../errors'
import { canonicalChromosome, canonicalConsumerChromosome } from '../normalize/chromosome'
import { BgzfSegmentReader, type BgzfSegmentSource } from '../stream/bgzf-segments'
import { BgzfStreamSegmentReader } from '../stream/bgzf-stream-segments'
import { endsWithBgzfEof, isBcfMagic, readFileHead, sniffCompression } from '../stream/sniff'
import { isStandardInput, standardInput } from '../stream/standard-input'
import { openTextChunks } from '../stream/text-source'
import { ScanWorkerPool } from '../stream/worker-pool'
import type {
  BuildCall,
  GeneticsWarning,
  GenomeBuild,
  ScanOptions,
  ScanResult,
  ScanSummary,
  SiteCall,
} from '../types'
import { UnknownSampleError } from '../unknown-sample'
import { validateVcfHead } from '../validate/validate-vcf-head'
import { type VcfBodyConfig, VcfBodyScanner } from '../vcf/body-scanner'
import { parseVcfRecordLine } from '../vcf/vcf-record'
import { C } from './counters'
import type { LineScanner } from './line-scanner'
import type { LookupTables } from './lookup-tables'
import { rsNumber } from './lookup-tables'
import { ProgressReporter } from './progress'
import { SampleCalls } from './sample-calls'
import { ScanAccumulator } from './scan-accumulator'
import { scanBcfOnWorkers } from './scan-bcf-on-workers'
import { scanOnWorkers, type WorkerJob, type WorkerRun } from './scan-on-workers'
import { TargetResolver } from './target-resolver'

/** BGZF files larger than this go to worker threads by default. */
const WORKER_THRESHOLD_BYTES = 8 << 20
const DEFAULT_WORKERS = 2
/** Known markers that must agree (90 %) before their positions override the header's build. */
const MIN_MARKERS_OVER_HEADER = 3
/** Data lines checked against the specification at the start of a file (all of a smaller file). */
const VALIDATED_LINES = 2_000

/** Whether BGZF goes to worker threads by default. Standard input's size is unknown: it always does. */
const bgzfOnWorkers = (path: string, bytes: number) => isStandardInput(path) || bytes > WORKER_THRESHOLD_BYTES

/**
 * One streaming pass over a file: summary statistics plus the calls at the requested targets.
 *
 * @example
 * const { summary, calls } = await scanSource('genome.vcf.gz', {
 *   targets: [{ key: 'apoe-rs7412', rsid: 'rs7412', grch38: { chrom: '19', pos: 44908822 } }],
 * })
 */
export async function scanSource(path: string, options: ScanOptions = {}): Promise<ScanResult> {
  throwIfAborted(options.signal)
  // Workers take a few tens of milliseconds to start: start them while the header is being read.
  const pool = await startPoolEarly(path, options)
  try {
    const inspection = await inspectSource(path, { signal: options.signal })
    return await scanInspected(inspection, options, pool)
  } finally {
    await pool?.terminate()
  }
}

async function startPoolEarly(path: string, options: ScanOptions): Promise<ScanWorkerPool | null> {
  if (options.workers === 0) return null
  const { head, size } = await readFileHead(path, 64).catch(() => ({ head: new Uint8Array(0), size: 0 }))
  if (sniffCompression(head) !== 'bgzf' || isBcfMagic(head)) return null
  const workers = options.workers ?? (bgzfOnWorkers(path, size) ? DEFAULT_WORKERS : 0)
  return workers > 0 ? new ScanWorkerPool(workers) : null
}

/** The scan after detection; detectSource also uses it to find a consumer file's build. */
export async function scanInspected(
  inspection: Inspection,
  options: ScanOptions,
  earlyPool: ScanWorkerPool | null = null,
): Promise<ScanResult> {
  const { signal } = options
  const detection = { ...inspection.detection, warnings: [...inspection.detection.warnings] }
  const stdin = isStandardInput(inspection.path)
  // Standard input is read once: the scan replays what detection kept of it, then reads on.
  if (stdin) standardInput().detectionDone()
  const progress = new ProgressReporter(options.onProgress, stdin ? null : detection.fileBytes)
  progress.report('detecting', 0, 0, true)

  const buildKnown = detection.build.build !== 'unknown'
  // Targets are looked for on both builds even when the header names one: a header can be stale (a
  // lifted-over file that kept its ##reference), and then the known markers' positions decide.
  const builds: GenomeBuild[] = ['GRCh37', 'GRCh38']
  if (buildKnown && !builds.includes(detection.build.build as GenomeBuild))
    builds.push(detection.build.build as GenomeBuild)
  const resolver = new TargetResolver(options.targets ?? [], builds)
  const votes = new KnownMarkerVotes()
  const keys = resolver.lookupKeys()
  const lookup: LookupTables = {
    rsids: [...keys.rsids, ...knownMarkerRsNumbers()],
    positionKeys: [...keys.positionKeys, ...knownMarkerPositionKeys()],
  }

  let sampleIndex = -1
  let sampleName: string | null = null
  const warnings: GeneticsWarning[] = []
  let accumulator: ScanAccumulator

  if (inspection.layout) {
    const layout = inspection.layout
    // A consumer export is one person's calls without sample names: a name asked for cannot be meant here.
    if (options.sample !== undefined) {
      throw UnknownSampleError.forConsumerFile(options.sample, detection.format)
    }
    const onHit = (text: string) => {
      const parsed = parseConsumerRow(layout, text)
      // A row whose letters are not a genotype is a no-call at its site (the scanner warns of it), not
      // an absent row: the site was tested.
      const row = isRowProblem(parsed) ? (parsed.code === 'BAD_GENOTYPE' ? parsed.row : null) : parsed
      if (row === null) return
      resolver.offerConsumerRow(row)
      const rs = rsNumber(row.id)
      if (rs >= 0) votes.offer(rs, row.chrom, row.pos)
    }
    const make = () => new ConsumerRowScanner(layout, lookup)
    accumulator = await scanOnMainThread(
      inspection,
      make,
      onHit,
      progress,
      signal,
      canonicalConsumerChromosome,
    )
    // A table a spreadsheet cut at its row limit and saved again: the rest of the file is missing.
    const cutBySpreadsheet = spreadsheetRowLimitError(accumulator.lines)
    if (cutBySpreadsheet) throw cutBySpreadsheet
  } else {
    const header = inspection.header!
    const samples = detection.samples
    if (options.sample !== undefined) {
      sampleIndex = samples.indexOf(options.sample)
      if (sampleIndex < 0) throw UnknownSampleError.forVcf(options.sample, samples)
    } else if (samples.length > 0) sampleIndex = 0
    else if (inspection.headerless && (inspection.headLines[0]?.text.split('\t').length ?? 0) > 9)
      sampleIndex = 0
    sampleName = sampleIndex >= 0 ? (samples[sampleIndex] ?? null) : null
    if (samples.length === 0 && !inspection.headerless && (options.targets?.length ?? 0) > 0) {
      warnings.push({
        code: 'NO_SAMPLES',
        message: 'the VCF has no sample columns, so it holds no genotypes to report',
      })
    }
    const columns = inspection.headerless ? 0 : header.columns.length
    const config: VcfBodyConfig = {
      columns,
      altColumns: header.hasFormatColumn && samples.length === 0 ? 8 : columns,
      sampleColumn: sampleIndex >= 0 ? 9 + sampleIndex : -1,
      lookup,
    }
    const onHit = (text: string) => {
      const record = parseVcfRecordLine(text)
      if (!record) return
      resolver.offerVcfRecord(record)
      let rsSeen = false
      for (const id of record.ids) {
        const rs = rsNumber(id)
        if (rs >= 0) {
          votes.offer(rs, record.chrom, record.pos)
          rsSeen = true
        }
      }
      if (!rsSeen) votes.offerPosition(record.chrom, record.pos)
    }
    const make = () => new VcfBodyScanner(config)
    // Validation of the first lines runs on the main thread while the workers are busy.
    const validate = () => {
      if (inspection.headerless) return
      const lines = inspection.headLines.slice(0, VALIDATED_LINES)
      const whole = inspection.headIsWholeBody && lines.length === inspection.headLines.length
      warnings.push(...validateVcfHead(header, lines, whole))
    }
    // Checked after the scan (standard input's end is known only then) and reported in this place.
    const eofWarningAt = warnings.length
    const workers =
      options.workers ?? (bgzfOnWorkers(inspection.path, detection.fileBytes) ? DEFAULT_WORKERS : 0)
    const run = { progress, signal, segmentBytes: options.segmentBytes, whileBusy: validate }
    if (detection.compression === 'bgzf' && workers > 0) {
      const pool = earlyPool ?? new ScanWorkerPool(workers)
      const segments = segmentSource(inspection, run)
      // A BCF's segments are cut into chunks of whole records first; a VCF.GZ's go to the workers as they are.
      const scan = detection.format === 'bcf' ? scanBcfOnWorkers : scanBgzfOnWorkers
      accumulator = await scan(segments, config, make, onHit, pool, run)
    } else {
      validate()
      accumulator = await scanOnMainThread(inspection, make, onHit, progress, signal)
    }
    if (detection.compression === 'bgzf' && !(await endsWithBgzfEof(inspection.path))) {
      warnings.splice(eofWarningAt, 0, {
        code: 'BGZF_EOF_MISSING',
        message: 'the file does not end with the BGZF end-of-file block; it may be truncated',
      })
    }
  }
  // Standard input's size is known only now that it has been read to its end.
  if (stdin) detection.fileBytes = standardInput().bytesRead

  // Build: the header's word, else the known markers seen. Where the data's own positions clearly
  // contradict the header, the positions win: they are what the calls are matched by.
  let build: BuildCall = detection.build
  const fromMarkers = votes.decide()
  if (!buildKnown && fromMarkers) build = fromMarkers
  else if (
    buildKnown &&
    fromMarkers &&
    fromMarkers.build !== build.build &&
    votes.markersSeen >= MIN_MARKERS_OVER_HEADER
  ) {
    warnings.push({
      code: 'BUILD_CONFLICT',
      message: `the header says ${build.build} (${build.evidence}) but known marker positions say ${fromMarkers.build} (${fromMarkers.evidence}); using the positions`,
    })
    build = { ...fromMarkers, evidence: `${fromMarkers.evidence}; overrides the header's ${build.build}` }
  }
  detection.build = build

  const counts = accumulator.counts
  const hasGenotypes = inspection.layout !== null || sampleIndex >= 0
  const calls = hasGenotypes
    ? resolver.callsFor(build.build, Math.max(0, sampleIndex))
    : new Map<string, SiteCall>()
  const callsBySample =
    options.allSamples && inspection.layout === null
      ? new SampleCalls(resolver, build.build, detection.samples)
      : undefined
  const conflicting = [...calls.values()].filter((c) => c.conflictingGenotypes).length
  if (conflicting > 0) {
    warnings.push({
      code: 'CONFLICTING_ROWS',
      message: `${conflicting} of the sites looked up ${conflicting === 1 ? 'is' : 'are'} listed more than once with different genotypes (two downloads joined into one file?); ${conflicting === 1 ? 'it was' : 'they were'} read as not called`,
    })
  }
  if (!accumulator.sorted) {
    warnings.push({
      code: 'UNSORTED',
      message: 'records are not sorted by position within contiguous chromosomes',
    })
  }
  const summary = buildSummary(counts, detection, build, sampleName, accumulator)
  progress.report('done', detection.fileBytes, summary.records, true)
  return {
    detection,
    summary,
    calls,
    ...(callsBySample ? { callsBySample } : {}),
    warnings: [...detection.warnings, ...warnings, ...accumulator.warningList()],
  }
}

function buildSummary(
  counts: Float64Array,
  detection: ScanResult['detection'],
  build: BuildCall,
  sample: string | null,
  accumulator: ScanAccumulator,
): ScanSummary {
  return {
    format: detection.format,
    build,
    isGvcf: detection.isGvcf,
    sample,
    records: counts[C.records],
    referenceBlocks: counts[C.referenceBlocks],
    variantRecords: counts[C.variantRecords],
    recordTypes: {
      snv: counts[C.rtSnv],
      mnv: counts[C.rtMnv],
      indel: counts[C.rtIndel],
      other: counts[C.rtOther],
      noAlt: counts[C.rtNoAlt],
    },
    multiallelicRecords: counts[C.multiallelic],
    alleleTypes: {
      snv: counts[C.aSnv],
      mnv: counts[C.aMnv],
      insertion: counts[C.aInsertion],
      deletion: counts[C.aDeletion],
      complex: counts[C.aComplex],
      symbolic: counts[C.aSymbolic],
      breakend: counts[C.aBreakend],
      overlap: counts[C.aOverlap],
    },
    withRsid: counts[C.withRsid],
    filters: { pass: counts[C.filterPass], failed: counts[C.filterFailed], missing: counts[C.filterMissing] },
    genotypes: {
      hom_ref: counts[C.gHomRef],
      het: counts[C.gHet],
      hom_alt: counts[C.gHomAlt],
      hemizygous: counts[C.gHemizygous],
      no_call: counts[C.gNoCall],
      partial: counts[C.gPartial],
      homozygous_unknown_ref: counts[C.gHomozygousUnknownRef],
    },
    indelCalls: counts[C.indelCalls],
    sexChromosomes: {
      xHet: counts[C.xHet],
      xHom: counts[C.xHom],
      xHaploid: counts[C.xHaploid],
      yCalled: counts[C.yCalled],
      yNoCall: counts[C.yNoCall],
      xReference: counts[C.xReference],
      yReferenceCalled: counts[C.yReferenceCalled],
      yReferenceNoCall: counts[C.yReferenceNoCall],
    },
    chromosomes: Object.fromEntries(accumulator.chromosomes),
    sorted: accumulator.sorted,
    bytes: { compressed: detection.fileBytes, text: counts[C.textBytes] },
  }
}

async function scanOnMainThread(
  inspection: Inspection,
  make: () => LineScanner,
  onHit: (text: string, line: number) => void,
  progress: ProgressReporter,
  signal: AbortSignal | undefined,
  canonical: (name: string) => string = canonicalChromosome,
): Promise<ScanAccumulator> {
  const { detection } = inspection
  const open = detection.format === 'bcf' ? openBcfText : openTextChunks
  const text = await open(inspection.path, detection.compression, {
    signal,
    archiveEntry: detection.archiveEntry,
  })
  const scanner = make()
  const accumulator = new ScanAccumulator(make(), onHit, canonical)
  try {
    for await (const chunk of text.chunks) {
      accumulator.add(scanner.scanPiece(chunk))
      progress.report('reading', text.bytesRead(), accumulator.counts[C.records])
    }
    accumulator.finish()
    if (text.decompressedBytes) accumulator.counts[C.textBytes] = text.decompressedBytes()
  } finally {
    text.close()
  }
  throwIfAborted(signal)
  return accumulator
}

async function scanBgzfOnWorkers(
  reader: BgzfSegmentSource,
  config: VcfBodyConfig,
  make: () => LineScanner,
  onHit: (text: string, line: number) => void,
  pool: ScanWorkerPool,
  run: WorkerRun,
): Promise<ScanAccumulator> {
  pool.init(1, 'vcf-scan', config)
  async function* jobs(): AsyncGenerator<WorkerJob> {
    for await (const segment of reader.segments())
      yield { pending: pool.submit(1, segment.buffer, segment.length, segment.fileOffset) }
  }
  return scanOnWorkers(
    { jobs: jobs(), recycle: (buffer) => reader.recycle(buffer), bytesRead: () => reader.bytesRead },
    make,
    onHit,
    pool,
    run,
  )
}

/** The BGZF segments of the file, or of standard input (replaying what detection kept of it). */
function segmentSource(inspection: Inspection, run: WorkerRun): BgzfSegmentSource {
  const { signal, segmentBytes } = run
  return isStandardInput(inspection.path)
    ? new BgzfStreamSegmentReader(standardInput().pieces(), { signal, segmentBytes })
    : new BgzfSegmentReader(inspection.path, { signal, segmentBytes })
}
