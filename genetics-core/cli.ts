// Command line for power users and scripts:
//   bun run genetics inspect FILE [--sample NAME] [--annotate compact|full --dbsnp PATH] [--ancestry]
//                                 [--all-samples] [--assumption variant_only|reference_blocks|genome_wide]
//   bun run genetics index-dbsnp REF.vcf.gz OUT_DIR     (the provisioned dbSNP index, once per deployment)
// Prints one JSON document (or, with --all-samples, JSON lines: a summary line, then one line per
// sample). Genotypes are never printed, only counts and annotation results. Bad input exits with
// status 2 and one line on stderr; nothing prints a stack trace.

import { analyzeGeneticsSource, ancestryForCalls } from './analyze'
import { type AncestryResult, ancestryTargets, type MissingMarkerAssumption } from './ancestry/index'
import { buildReferenceIndex } from './dbsnp/reference-index/build-index'
import { isGeneticsError } from './errors'
import { scanSource } from './scan/scan-source'

const USAGE =
  'usage: genetics inspect FILE [--sample NAME] [--annotate compact|full --dbsnp PATH] [--ancestry] [--all-samples] [--assumption variant_only|reference_blocks|genome_wide]\n       genetics index-dbsnp REF.vcf.gz OUT_DIR'

class UsageError extends Error {}

interface CliArgs {
  file: string
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

async function inspect(args: CliArgs, out: (line: string) => void): Promise<void> {
  if (args.allSamples) {
    const scan = await scanSource(args.file, {
      targets: args.ancestry ? ancestryTargets() : [],
      allSamples: true,
    })
    out(
      JSON.stringify({
        type: 'summary',
        detection: scan.detection,
        summary: scan.summary,
        warnings: scan.warnings,
      }),
    )
    const assumption = args.assumption ?? (scan.detection.isGvcf ? 'reference_blocks' : 'variant_only')
    let done = 0
    for (const [sample, calls] of scan.callsBySample ?? []) {
      // Each sample's calls and estimate are garbage once written; collect now and then so the heap
      // stays at one sample's size instead of growing until the collector decides to run.
      if (++done % GC_EVERY_SAMPLES === 0) Bun.gc(true)
      const line: { type: 'sample'; sample: string; ancestry?: AncestryResult | null; warning?: unknown } = {
        type: 'sample',
        sample,
      }
      if (args.ancestry) {
        const { ancestry, warning } = ancestryForCalls(calls, scan.summary.build.build, assumption)
        line.ancestry = ancestry
        if (warning) line.warning = warning
      }
      out(JSON.stringify(line))
    }
    return
  }
  if (args.annotate === null && !args.ancestry) {
    const scan = await scanSource(args.file, { sample: args.sample })
    out(
      JSON.stringify({ detection: scan.detection, summary: scan.summary, warnings: scan.warnings }, null, 2),
    )
    return
  }
  const analysis = await analyzeGeneticsSource(args.file, {
    annotation: args.annotate === 'full' ? 'full_dbsnp' : 'compact',
    dbsnpPath: args.dbsnp ?? undefined,
    ancestry: args.ancestry,
    ancestryAssumption: args.assumption,
    sample: args.sample,
  })
  const document: Record<string, unknown> = {
    detection: analysis.detection,
    summary: analysis.summary,
    strand: analysis.strand,
    geneticSex: analysis.geneticSex,
    warnings: analysis.warnings,
  }
  if (args.annotate !== null) document.compact = analysis.compact
  if (args.annotate === 'full') document.dbsnp = analysis.dbsnp
  if (args.ancestry) document.ancestry = analysis.ancestry
  out(JSON.stringify(document, null, 2))
}

/** Runs the CLI; returns the exit status. Exported for tests. */
export async function runCli(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<number> {
  try {
    if (argv[0] === 'index-dbsnp') {
      if (argv.length !== 3) throw new UsageError(USAGE)
      const manifest = await buildReferenceIndex(argv[1], argv[2])
      const { chromosomes, ...summary } = manifest
      out(JSON.stringify({ ...summary, chromosomes: chromosomes.length }, null, 2))
      return 0
    }
    await inspect(parseArgs(argv), out)
    return 0
  } catch (error) {
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
