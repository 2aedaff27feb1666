// Command line for power users and scripts:
//   bun run genetics inspect FILE [--json] [--sample NAME] [--annotate compact|full --dbsnp PATH]
//                                 [--ancestry] [--all-samples] [--assumption variant_only|reference_blocks|genome_wide]
//   bun run genetics index-dbsnp REF.vcf.gz OUT_DIR     (the provisioned dbSNP index, once per deployment)
// On a terminal it draws a progress bar on stderr while reading and ends with a short human summary.
// With --json, or when stdout is not a terminal (a pipe, a file, a script), it prints one JSON document
// (or, with --all-samples, JSON lines: a summary line, then one line per sample), so scripts keep
// working unchanged. Genotypes are never printed, only counts and annotation results. --help exits 0;
// bad input exits with status 2 and one line on stderr; nothing prints a stack trace.

import { analyzeGeneticsSource } from './analyze'
import { type AncestryResult, ancestryTargets, type MissingMarkerAssumption } from './ancestry/index'
import { buildReferenceIndex } from './dbsnp/reference-index/build-index'
import { isGeneticsError } from './errors'
import { ancestryPerSample } from './samples-ancestry'
import { scanSource } from './scan/scan-source'
import type { Detection, GeneticsWarning, Progress, ScanSummary, SiteCall } from './types'

const USAGE =
  'usage: genetics inspect FILE [--json] [--sample NAME] [--annotate compact|full --dbsnp PATH] [--ancestry] [--all-samples] [--assumption variant_only|reference_blocks|genome_wide]\n       genetics index-dbsnp REF.vcf.gz OUT_DIR'

const HELP = `${USAGE}

Reads a VCF, gVCF, BCF or consumer genotype file (23andMe, AncestryDNA, ...), plain or compressed,
and reports its format, genome build, samples and record counts. Genotypes are never printed.

  --json          print the full JSON document (the default when stdout is not a terminal)
  --sample NAME   the VCF sample to read (default: the first)
  --annotate compact|full
                  annotate with the compact catalog, or with dbSNP (full, needs --dbsnp)
  --dbsnp PATH    a bgzipped, tabix-indexed dbSNP VCF for --annotate full
  --ancestry      estimate ancestry (admixture proportions with intervals)
  --all-samples   one line per sample (JSON lines)
  --assumption variant_only|reference_blocks|genome_wide
                  what an absent ancestry marker means
  -h, --help      show this help and exit

On a terminal a progress bar is drawn on stderr while the file is read.

index-dbsnp REF.vcf.gz OUT_DIR builds the provisioned dbSNP index (once per deployment) and prints
its manifest as JSON. REF is a dbSNP VCF, bgzipped, gzipped or plain (no tabix index needed); an
older index in OUT_DIR stays in use until the new one is complete. Exits 1 when OUT_DIR cannot be
written.`

class UsageError extends Error {}

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
    update(p: Progress) {
      const total = p.totalBytes && p.totalBytes > 0 ? p.totalBytes : null
      const fraction = total ? Math.min(1, p.bytesRead / total) : null
      const tail = ` ${STAGE_NAMES[p.stage]} ${fraction === null ? '' : `${Math.floor(fraction * 100)}% `}${mib(p.bytesRead)}${total ? ` of ${mib(total)}` : ''}, ${p.records.toLocaleString('en-US')} records`
      const width = Math.max(10, Math.min(40, columns - tail.length - 3))
      const filled = fraction === null ? 0 : Math.round(fraction * width)
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${tail}`
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
  compact?: { findings: unknown[] } | null
  ancestry?: AncestryResult | null
}

/** A short summary for a person at a terminal; `--json` has everything. */
function humanSummary(file: string, doc: SummaryInput): string {
  const { detection: d, summary: s } = doc
  const build =
    d.build.build !== 'unknown' ? `${d.build.build} (from ${d.build.method.replaceAll('_', ' ')})` : 'unknown'
  const lines = [
    `File:      ${file}`,
    `Format:    ${d.format}${d.isGvcf ? ' (gVCF)' : ''}, ${d.compression}, ${mib(d.fileBytes)}`,
    `Build:     ${build}`,
    `Sample:    ${s.sample ?? (d.samples.length ? d.samples[0] : 'one unnamed sample')}${d.samples.length > 1 ? ` (of ${d.samples.length})` : ''}`,
    `Records:   ${count(s.records)} (${count(s.recordTypes.snv)} SNVs, ${count(s.recordTypes.indel)} indels, ${count(s.referenceBlocks)} reference blocks)`,
  ]
  if (doc.compact) lines.push(`Findings:  ${count(doc.compact.findings.length)} from the compact catalog`)
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

interface CliArgs {
  file: string
  json: boolean
  annotate: 'compact' | 'full' | null
  dbsnp: string | null
  ancestry: boolean
  allSamples: boolean
  sample: string | undefined
  assumption: MissingMarkerAssumption | undefined
}

function parseArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv
  if (command !== 'inspect') throw new UsageError(USAGE)
  const args: CliArgs = {
    file: '',
    json: false,
    annotate: null,
    dbsnp: null,
    ancestry: false,
    allSamples: false,
    sample: undefined,
    assumption: undefined,
  }
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]
    const value = () => {
      const v = rest[++i]
      if (v === undefined) throw new UsageError(`${arg} needs a value\n${USAGE}`)
      return v
    }
    if (arg === '--annotate') {
      const v = value()
      if (v !== 'compact' && v !== 'full') throw new UsageError(`--annotate takes compact or full\n${USAGE}`)
      args.annotate = v
    } else if (arg === '--dbsnp') args.dbsnp = value()
    else if (arg === '--json') args.json = true
    else if (arg === '--ancestry') args.ancestry = true
    else if (arg === '--all-samples') args.allSamples = true
    else if (arg === '--sample') args.sample = value()
    else if (arg === '--assumption') {
      const v = value()
      if (v !== 'variant_only' && v !== 'reference_blocks' && v !== 'genome_wide')
        throw new UsageError(`--assumption takes variant_only, reference_blocks or genome_wide\n${USAGE}`)
      args.assumption = v
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}\n${USAGE}`)
    else if (!args.file) args.file = arg
    else throw new UsageError(`unexpected argument ${arg}\n${USAGE}`)
  }
  if (!args.file) throw new UsageError(USAGE)
  if (args.annotate === 'full' && !args.dbsnp)
    throw new UsageError(`--annotate full needs --dbsnp PATH\n${USAGE}`)
  return args
}

/** Samples between forced collections in --all-samples runs. */
const GC_EVERY_SAMPLES = 256

interface Output {
  out: (line: string) => void
  /** Human output (summary, progress bar) instead of JSON. */
  human: boolean
  onProgress?: (p: Progress) => void
}

async function inspect(args: CliArgs, { out, human, onProgress }: Output): Promise<void> {
  if (args.allSamples) {
    const scan = await scanSource(args.file, {
      targets: args.ancestry ? ancestryTargets() : [],
      allSamples: true,
      onProgress,
    })
    out(
      JSON.stringify({
        type: 'summary',
        detection: scan.detection,
        summary: scan.summary,
        warnings: scan.warnings,
      }),
    )
    const samples: ReadonlyMap<string, Map<string, SiteCall>> = scan.callsBySample ?? new Map()
    if (!args.ancestry) {
      for (const sample of samples.keys()) out(JSON.stringify({ type: 'sample', sample }))
      return
    }
    const assumption = args.assumption ?? (scan.detection.isGvcf ? 'reference_blocks' : 'variant_only')
    let done = 0
    for await (const { sample, ancestry, warning } of ancestryPerSample(samples, {
      build: scan.summary.build.build,
      assumption,
    })) {
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
    const scan = await scanSource(args.file, { sample: args.sample, onProgress })
    const document = { detection: scan.detection, summary: scan.summary, warnings: scan.warnings }
    out(human ? humanSummary(args.file, document) : JSON.stringify(document, null, 2))
    return
  }
  const analysis = await analyzeGeneticsSource(args.file, {
    annotation: args.annotate === 'full' ? 'full_dbsnp' : 'compact',
    dbsnpPath: args.dbsnp ?? undefined,
    ancestry: args.ancestry,
    ancestryAssumption: args.assumption,
    sample: args.sample,
    onProgress,
  })
  if (human) {
    out(humanSummary(args.file, { ...analysis, ancestry: args.ancestry ? analysis.ancestry : undefined }))
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
  /** Whether stdout is a terminal: human output and a progress bar. Default: `process.stdout.isTTY`. */
  tty?: boolean
  /** Where the progress bar is drawn (raw text with carriage returns). Default: stderr. */
  progress?: (text: string) => void
  /** Terminal width for the bar. Default: stderr's columns, else 80. */
  columns?: number
}

/** Runs the CLI; returns the exit status. Exported for tests. */
export async function runCli(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  terminal: TerminalOptions = {},
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(HELP)
    return 0
  }
  const tty = terminal.tty ?? process.stdout.isTTY === true
  const draw = terminal.progress ?? ((text: string) => process.stderr.write(text))
  let bar: ReturnType<typeof progressBar> | null = null
  try {
    if (argv[0] === 'index-dbsnp') {
      if (argv.length !== 3) throw new UsageError(USAGE)
      const manifest = await buildReferenceIndex(argv[1], argv[2])
      const { chromosomes, ...summary } = manifest
      out(JSON.stringify({ ...summary, chromosomes: chromosomes.length }, null, 2))
      return 0
    }
    const args = parseArgs(argv)
    // JSON lines per sample stay JSON: a human summary of many samples is not short.
    const human = tty && !args.json && !args.allSamples
    bar = tty ? progressBar(draw, terminal.columns ?? process.stderr.columns ?? 80) : null
    const clearThenOut = (line: string) => {
      bar?.clear()
      out(line)
    }
    await inspect(args, { out: clearThenOut, human, onProgress: bar?.update })
    return 0
  } catch (error) {
    bar?.clear()
    if (error instanceof UsageError) {
      err(error.message)
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

if (import.meta.main) {
  process.exitCode = await runCli(process.argv.slice(2))
}
