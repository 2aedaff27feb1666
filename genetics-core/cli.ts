// Command line for power users and scripts:
//   bun run genetics inspect FILE [--json] [--sample NAME] [--annotate compact|full --dbsnp PATH]
//                                 [--ancestry] [--all-samples] [--assumption variant_only|reference_blocks|genome_wide]
//   bun run genetics index-dbsnp REF.vcf.gz OUT_DIR     (the provisioned dbSNP index, once per deployment)
//   bun run genetics index-dbsnp --verify OUT_DIR       (reads every file of it, checks sizes and CRC-32s)
// When stderr is a terminal it draws a progress bar there while reading; when stdout is a terminal it
// ends with a short human summary. With --json, or when stdout is not a terminal (a pipe, a file, a
// script), it prints one JSON document (or, with --all-samples, JSON lines: a summary line, then one
// line per sample), so scripts keep working unchanged. Genotypes are never printed, only counts and
// annotation results. Exit statuses are listed in the help; nothing prints a stack trace.

import { accessSync, constants, type Stats, statSync } from 'node:fs'
import { analyzeGeneticsSource } from './analyze'
import { type AncestryResult, ancestryTargets } from './ancestry/index'
import { type InspectArgs, parseArgs, UsageError } from './cli-args'
import { buildReferenceIndex } from './dbsnp/reference-index/build-index'
import { verifyIndex } from './dbsnp/reference-index/verify-index'
import { verifyLines } from './dbsnp/reference-index/verify-lines'
import { refuseSomaticCalls } from './detect/somatic-calls'
import { isVcfData } from './detect/vcf-data'
import { GeneticsInputError, isGeneticsError } from './errors'
import { ancestryPerSample } from './samples-ancestry'
import { scanSource } from './scan/scan-source'
import { STANDARD_INPUT_PATH, standardInput } from './stream/standard-input'
import type { DbsnpResult, Detection, GeneticsWarning, Progress, ScanSummary, SiteCall } from './types'

const USAGE =
  'usage: genetics inspect FILE [--json] [--sample NAME] [--annotate compact|full --dbsnp PATH] [--ancestry] [--all-samples] [--assumption variant_only|reference_blocks|genome_wide]\n       genetics index-dbsnp REF.vcf.gz OUT_DIR\n       genetics index-dbsnp --verify OUT_DIR'

const HELP = `${USAGE}

Reads a VCF, gVCF, BCF (2.1 and 2.2, as bcftools writes them) or consumer genotype file (23andMe,
AncestryDNA, ...), plain, gzipped, bgzipped or zipped, and reports its format, genome build, samples
and record counts. Genotypes are never printed.

FILE - reads standard input (bcftools view -r chr22 x.vcf.gz | genetics inspect -, zcat, curl):
plain, gzipped or bgzipped VCF, BCF and consumer text, detected as for a file, streamed in one pass.
Needs a file instead: --annotate full (the dbSNP join reads the input twice) and a zip (its table
of contents is at its end). --annotate full takes a BCF file too (its records are decoded for the
join). Empty standard input, or a terminal, is refused. Other pipes and devices
given by path are refused too: save the stream to a file, or pipe it into -. A file named - is ./-.

  --json          print the full JSON document (the default when stdout is not a terminal)
  --sample NAME   the VCF sample to read (default: the first)
  --annotate compact|full
                  annotate with the compact catalog, or also with dbSNP (full, needs --dbsnp)
  --dbsnp PATH    for --annotate full: a bgzipped, tabix-indexed dbSNP VCF, or a directory
                  written by index-dbsnp
  --ancestry      estimate ancestry (admixture proportions with intervals)
  --all-samples   JSON lines: a summary line, then one line per sample of a multi-sample VCF
                  (with --ancestry, each sample's estimate as it is computed); not with --sample
                  or --annotate
  --assumption variant_only|reference_blocks|genome_wide
                  with --ancestry: what an absent ancestry marker means
  -h, --help      show this help and exit
  Options also take the form --option=VALUE; -- ends the options.

When stderr is a terminal a progress bar is drawn there while the file is read (from standard input,
whose size is unknown, the bytes read and records instead); when stdout is a terminal the result is
a short summary instead of JSON. stdout carries only the result.

index-dbsnp REF.vcf.gz OUT_DIR builds the provisioned dbSNP index (once per deployment) and prints
its manifest as JSON. REF is a dbSNP VCF, bgzipped, gzipped or plain (no tabix index needed); an
older index in OUT_DIR stays in use until the new one is complete. One build at a time per OUT_DIR:
while OUT_DIR/index-dbsnp.lock names a running build, another is refused (INDEX_LOCKED); a lock left
by a build that no longer runs on this host is taken over, with a note.

index-dbsnp --verify OUT_DIR reads every data file of the index and compares its size and CRC-32
with index.json: one line on stdout when all match, else one line per problem on stderr and status
1. An index written before checksums were recorded is checked by size, with a note (status 0).

Exit status: 0 done (also when the reader of stdout closed it early, e.g. | head); 1 OUT_DIR cannot
be written, another build holds its lock, --verify found a problem, or another failure; 2 bad input (one line: error: CODE: message); 64 usage mistake;
130 interrupted (Ctrl-C), 143 terminated.`

const STAGE_NAMES: Record<Progress['stage'], string> = {
  detecting: 'detecting',
  reading: 'reading',
  annotating: 'annotating',
  ancestry: 'ancestry',
  done: 'done',
}

const mib = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

/**
 * A one-line progress bar redrawn in place with a carriage return. Redraws only when the shown text
 * changes, so a fast scan does not flood the terminal.
 */
function progressBar(draw: (text: string) => void, columns: number) {
  let last = ''
  return {
    update(p: Progress, unit = 'records') {
      const total = p.totalBytes && p.totalBytes > 0 ? p.totalBytes : null
      const fraction = total ? Math.min(1, p.bytesRead / total) : null
      const tail = ` ${STAGE_NAMES[p.stage]} ${fraction === null ? '' : `${Math.floor(fraction * 100)}% `}${mib(p.bytesRead)}${total ? ` of ${mib(total)}` : ''}, ${p.records.toLocaleString('en-US')} ${unit}`
      const width = Math.max(10, Math.min(40, columns - tail.length - 3))
      const filled = fraction === null ? 0 : Math.round(fraction * width)
      // Without a size (standard input) a bar would never fill: the bytes read and records say it all.
      const line = total ? `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${tail}` : tail.trimStart()
      if (line === last) return
      last = line
      draw(`\r${line}\x1b[K`)
    },
    /** Remove the bar so the summary starts on a clean line. */
    clear() {
      if (last) draw('\r\x1b[K')
      last = ''
    },
  }
}

const count = (n: number) => n.toLocaleString('en-US')

interface SummaryInput {
  detection: Detection
  summary: ScanSummary
  warnings: GeneticsWarning[]
  /** Absent: not asked for; null: asked for but not possible (see the warnings). */
  compact?: { findings: unknown[] } | null
  ancestry?: AncestryResult | null
  dbsnp?: DbsnpResult | null
}

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`

/** What the detection says of a VCF beside its format, as the summary's Format line shows it. */
function formatNotes(d: Detection): string[] {
  const notes: string[] = []
  if (d.isGvcf && d.format !== 'gvcf') notes.push(' (gVCF)')
  if (d.chipEvidence) notes.push(' (made from chip data)')
  if (d.imputedEvidence) notes.push(' (imputed)')
  if (d.provisionalReference) notes.push(' (REF provisional, read as letters)')
  return notes
}

/** A short summary for a person at a terminal; `--json` has everything. */
function humanSummary(file: string, doc: SummaryInput): string {
  const { detection: d, summary: s } = doc
  const build =
    d.build.build !== 'unknown' ? `${d.build.build} (from ${d.build.method.replaceAll('_', ' ')})` : 'unknown'
  const isVcf = isVcfData(d.format)
  const sample = !isVcf
    ? 'one person (a consumer file)'
    : d.samples.length === 0
      ? 'none (a sites-only VCF, no genotypes)'
      : `${s.sample ?? d.samples[0]}${d.samples.length > 1 ? ` (of ${d.samples.length})` : ''}`
  const records = isVcf
    ? `${count(s.records)} (${plural(s.recordTypes.snv, 'SNV')}, ${plural(s.recordTypes.indel, 'indel')}, ${plural(s.referenceBlocks, 'reference block')})`
    : `${plural(s.records, 'genotype row')} (${count(s.withRsid)} with an rsID)`
  const lines = [
    `File:      ${file}`,
    `Format:    ${d.format}${formatNotes(d).join('')}, ${d.compression}, ${mib(d.fileBytes)}`,
    `Build:     ${build}`,
    `Sample:    ${sample}`,
    `Records:   ${records}`,
  ]
  if (doc.compact) lines.push(`Findings:  ${count(doc.compact.findings.length)} from the compact catalog`)
  else if (doc.compact === null) lines.push('Findings:  not looked up (see the warnings)')
  if (doc.dbsnp) {
    const pct = doc.dbsnp.alleles > 0 ? ` (${(doc.dbsnp.coverage * 100).toFixed(1)}%)` : ''
    lines.push(
      `dbSNP:     ${count(doc.dbsnp.assigned)} of ${plural(doc.dbsnp.alleles, 'allele')} given an rsID${pct}, by ${doc.dbsnp.method.replaceAll('_', ' ')}`,
    )
  } else if (doc.dbsnp === null) lines.push('dbSNP:     not annotated (see the warnings)')
  if (doc.ancestry) {
    const parts = doc.ancestry.admixture.components
      .filter((c) => c.proportion >= 0.01)
      .sort((a, b) => b.proportion - a.proportion)
      .map(
        (c) =>
          `${c.name} ${Math.round(c.proportion * 100)}%${c.interval ? ` (${Math.round(c.interval[0] * 100)}-${Math.round(c.interval[1] * 100)}%)` : ''}`,
      )
    lines.push(`Ancestry:  ${parts.join(', ')}; confidence ${doc.ancestry.confidence}`)
  } else if (doc.ancestry === null) lines.push('Ancestry:  not estimated (see the warnings)')
  lines.push(`Warnings:  ${doc.warnings.length === 0 ? 'none' : count(doc.warnings.length)}`)
  for (const w of doc.warnings.slice(0, 3)) lines.push(`  - ${w.code}: ${w.message}`)
  if (doc.warnings.length > 3) lines.push(`  ... ${doc.warnings.length - 3} more (--json lists them all)`)
  return lines.join('\n')
}

/** Samples between forced collections in --all-samples runs. */
const GC_EVERY_SAMPLES = 256

interface Output {
  out: (line: string) => void
  /** Human output (summary) instead of JSON. */
  human: boolean
  onProgress?: (p: Progress) => void
  signal: AbortSignal
  /** Standard input is a terminal: `inspect -` would wait for typing, so it is refused. */
  stdinTty: boolean
}

/** Refuses a path that cannot be read before any work starts, naming it (a missing file, a directory, a pipe). */
function checkReadable(path: string, what: string, allowDirectory = false): void {
  let stat: Stats
  try {
    stat = statSync(path)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EACCES')
      throw new GeneticsInputError('FILE_UNREADABLE', `${what}${path}: permission denied`)
    throw new GeneticsInputError('FILE_NOT_FOUND', `${what}${path}: no such file`)
  }
  if (stat.isDirectory()) {
    if (allowDirectory) return
    throw new GeneticsInputError('FILE_UNREADABLE', `${what}${path}: a directory, not a file`)
  }
  if (stat.isFIFO() || stat.isSocket() || stat.isCharacterDevice()) {
    // The input can still be streamed, as standard input; a --dbsnp reference cannot.
    const instead =
      what === ''
        ? `read it as standard input (genetics inspect - < ${path})`
        : 'save the stream to a file and give its path'
    throw new GeneticsInputError(
      'FILE_UNREADABLE',
      `${what}${path}: a pipe or device, not a regular file: ${instead}`,
    )
  }
  try {
    accessSync(path, constants.R_OK)
  } catch {
    throw new GeneticsInputError('FILE_UNREADABLE', `${what}${path}: permission denied`)
  }
}

async function inspect(args: InspectArgs, output: Output): Promise<void> {
  if (args.file !== '-') {
    checkReadable(args.file, '')
    return inspectPath(args.file, args.file, args, output)
  }
  if (output.stdinTty)
    throw new GeneticsInputError(
      'FILE_UNREADABLE',
      'standard input is a terminal, not a stream: pipe the data in (zcat genome.txt.gz | genetics inspect -) or give the file path',
    )
  try {
    await inspectPath(STANDARD_INPUT_PATH, 'standard input', args, output)
  } finally {
    // A run that stopped early must not wait for the writer of the pipe to finish.
    standardInput().close()
  }
}

/** Inspects `path` (a file, or standard input's path), naming it `shown` in the human summary. */
async function inspectPath(
  path: string,
  shown: string,
  args: InspectArgs,
  { out, human, onProgress, signal }: Output,
): Promise<void> {
  // Checked before the scan, so a mistyped --dbsnp is not found out only after reading a whole genome.
  if (args.dbsnp !== null) checkReadable(args.dbsnp, 'the dbSNP reference is unusable: ', true)
  if (args.allSamples) {
    const scan = await scanSource(path, {
      targets: args.ancestry ? ancestryTargets() : [],
      allSamples: true,
      onProgress,
      signal,
    })
    if (!scan.callsBySample)
      throw new GeneticsInputError(
        'NOT_APPLICABLE',
        `--all-samples reads the sample columns of a VCF; this ${scan.detection.format} file holds one person's genotypes: leave --all-samples out`,
      )
    // Ancestry per sample reads genotypes as inherited ones; a tumour's calls are not (detect/somatic-calls.ts).
    if (args.ancestry) refuseSomaticCalls(scan.detection)
    out(
      JSON.stringify({
        type: 'summary',
        detection: scan.detection,
        summary: scan.summary,
        warnings: scan.warnings,
      }),
    )
    const samples: ReadonlyMap<string, Map<string, SiteCall>> = scan.callsBySample
    if (!args.ancestry) {
      for (const sample of samples.keys()) out(JSON.stringify({ type: 'sample', sample }))
      return
    }
    const assumption = args.assumption ?? (scan.detection.isGvcf ? 'reference_blocks' : 'variant_only')
    let done = 0
    const estimates = ancestryPerSample(samples, { build: scan.summary.build.build, assumption, signal })
    for await (const next of estimates) {
      const { sample, ancestry, warning } = next
      // Each sample's estimate is garbage once written; collect now and then so the heap stays at a few
      // samples' size instead of growing until the collector decides to run.
      if (++done % GC_EVERY_SAMPLES === 0) Bun.gc(true)
      const line: { type: 'sample'; sample: string; ancestry: AncestryResult | null; warning?: unknown } = {
        type: 'sample',
        sample,
        ancestry,
      }
      if (warning) line.warning = warning
      out(JSON.stringify(line))
    }
    return
  }
  if (args.annotate === null && !args.ancestry) {
    const scan = await scanSource(path, { sample: args.sample, onProgress, signal })
    const document = { detection: scan.detection, summary: scan.summary, warnings: scan.warnings }
    out(human ? humanSummary(shown, document) : JSON.stringify(document, null, 2))
    return
  }
  const analysis = await analyzeGeneticsSource(path, {
    annotation: args.annotate === 'full' ? 'full_dbsnp' : 'compact',
    dbsnpPath: args.dbsnp ?? undefined,
    ancestry: args.ancestry,
    ancestryAssumption: args.assumption,
    sample: args.sample,
    onProgress,
    signal,
  })
  if (human) {
    out(
      humanSummary(shown, {
        detection: analysis.detection,
        summary: analysis.summary,
        warnings: analysis.warnings,
        compact: args.annotate !== null ? analysis.compact : undefined,
        dbsnp: args.annotate === 'full' ? analysis.dbsnp : undefined,
        ancestry: args.ancestry ? analysis.ancestry : undefined,
      }),
    )
    return
  }
  const document: Record<string, unknown> = {
    detection: analysis.detection,
    summary: analysis.summary,
    warnings: analysis.warnings,
    strand: analysis.strand,
    geneticSex: analysis.geneticSex,
  }
  if (args.annotate !== null) document.compact = analysis.compact
  if (args.annotate === 'full') document.dbsnp = analysis.dbsnp
  if (args.ancestry) document.ancestry = analysis.ancestry
  out(JSON.stringify(document, null, 2))
}

export interface TerminalOptions {
  /** Whether stdout is a terminal: a human summary instead of JSON. Default: `process.stdout.isTTY`. */
  tty?: boolean
  /**
   * Whether stderr is a terminal: the progress bar is drawn only then. Default: `tty` when given,
   * else `process.stderr.isTTY`.
   */
  stderrTty?: boolean
  /** Where the progress bar is drawn (raw text with carriage returns). Default: stderr. */
  progress?: (text: string) => void
  /** Terminal width for the bar. Default: stderr's columns, else 80. */
  columns?: number
  /** Aborts the work (Ctrl-C): the run ends with status 130 and one line on stderr. */
  signal?: AbortSignal
  /** Whether standard input is a terminal (`inspect -` is then refused). Default: `process.stdin.isTTY`. */
  stdinTty?: boolean
}

/** Exit status of a run interrupted by SIGINT (128 + 2), as shells report it. */
export const EXIT_INTERRUPTED = 130

/** Whether an error is a write to a pipe whose reader has gone (`| head`). */
export const isBrokenPipe = (error: unknown) => (error as { code?: unknown } | null)?.code === 'EPIPE'

/** Runs the CLI; returns the exit status. Exported for tests. */
export async function runCli(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  terminal: TerminalOptions = {},
): Promise<number> {
  const tty = terminal.tty ?? process.stdout.isTTY === true
  const stderrTty = terminal.stderrTty ?? terminal.tty ?? process.stderr.isTTY === true
  const draw = terminal.progress ?? ((text: string) => process.stderr.write(text))
  const signal = terminal.signal ?? new AbortController().signal
  let bar: ReturnType<typeof progressBar> | null = null
  try {
    const args = parseArgs(argv)
    if (args.command === 'help') {
      out(HELP)
      return 0
    }
    bar = stderrTty ? progressBar(draw, terminal.columns ?? process.stderr.columns ?? 80) : null
    const clearThenOut = (line: string) => {
      bar?.clear()
      if (signal.aborted) return
      out(line)
    }
    if (args.command === 'index-dbsnp' && args.mode === 'verify') {
      const started = performance.now()
      const update = bar?.update
      const report = await verifyIndex(args.outDir, {
        signal,
        onProgress: update
          ? (bytesRead, totalBytes, files) =>
              update({ stage: 'reading', bytesRead, totalBytes, records: files }, 'files')
          : undefined,
      })
      if (signal.aborted) throw new Error('interrupted')
      const lines = verifyLines(args.outDir, report, (performance.now() - started) / 1000)
      bar?.clear()
      for (const line of lines.err) err(line)
      for (const line of lines.out) clearThenOut(line)
      return lines.sound ? 0 : 1
    }
    if (args.command === 'index-dbsnp') {
      // A missing or unreadable REF is reported by the index builder itself.
      let totalBytes: number | null = null
      try {
        totalBytes = statSync(args.reference).size
      } catch {}
      const update = bar?.update
      const manifest = await buildReferenceIndex(args.reference, args.outDir, {
        signal,
        onNote: (line) => {
          bar?.clear()
          err(line)
        },
        onProgress: update
          ? (bytesRead, alleles) =>
              update({ stage: 'reading', bytesRead, totalBytes, records: alleles }, 'alleles')
          : undefined,
      })
      if (signal.aborted) throw new Error('interrupted')
      const { chromosomes, ...summary } = manifest
      clearThenOut(JSON.stringify({ ...summary, chromosomes: chromosomes.length }, null, 2))
      return 0
    }
    // JSON lines per sample stay JSON: a human summary of many samples is not short.
    const human = tty && !args.json && !args.allSamples
    const stdinTty = terminal.stdinTty ?? process.stdin.isTTY === true
    await inspect(args, { out: clearThenOut, human, onProgress: bar?.update, signal, stdinTty })
    if (signal.aborted) throw new Error('interrupted')
    return 0
  } catch (error) {
    bar?.clear()
    if (signal.aborted) {
      err('interrupted: stopped before the end, the output is incomplete')
      return EXIT_INTERRUPTED
    }
    // The reader of stdout went away (| head): it has what it wanted; nothing to report.
    if (isBrokenPipe(error)) return 0
    if (error instanceof UsageError) {
      err(`error: ${error.message}`)
      return 64
    }
    if (isGeneticsError(error)) {
      err(`error: ${error.code}: ${error.message}`)
      return 2
    }
    const code = (error as { code?: unknown })?.code
    const message = String((error as Error)?.message ?? error).split('\n')[0]
    err(`error: ${typeof code === 'string' ? `${code}: ` : ''}${message}`)
    return 1
  }
}

/** Time the work gets to stop after Ctrl-C before the process exits anyway. */
const STOP_GRACE_MS = 1500

async function main(): Promise<number> {
  const controller = new AbortController()
  let stoppedWith: number | null = null
  const stop = (status: number) => {
    // A second Ctrl-C: leave at once.
    if (stoppedWith !== null) process.exit(status)
    stoppedWith = status
    controller.abort()
    // Whatever does not watch the signal must not keep the process alive for long.
    setTimeout(() => {
      process.stderr.write('interrupted\n')
      process.exit(status)
    }, STOP_GRACE_MS).unref()
  }
  process.on('SIGINT', () => stop(EXIT_INTERRUPTED))
  process.on('SIGTERM', () => stop(143))
  // `| head` closing the pipe: stop quietly instead of an uncaught EPIPE with a stack.
  const onPipeError = (error: unknown) => {
    if (isBrokenPipe(error)) process.exit(0)
  }
  process.stdout.on('error', onPipeError)
  process.stderr.on('error', onPipeError)
  const status = await runCli(process.argv.slice(2), undefined, undefined, { signal: controller.signal })
  // Interrupted: what still runs (an ancestry worker mid-batch) is not waited for.
  if (stoppedWith !== null) process.exit(stoppedWith)
  return status
}

if (import.meta.main) {
  process.exitCode = await main()
}
