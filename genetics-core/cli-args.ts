// The genetics command line's argument parser: every mistake (unknown option, missing or extra
// argument, an option without its value, options that contradict or would be ignored) is one
// UsageError whose message is a single line naming it.

import type { MissingMarkerAssumption } from './ancestry/index'

export class UsageError extends Error {}

export interface InspectArgs {
  command: 'inspect'
  file: string
  json: boolean
  annotate: 'compact' | 'full' | null
  dbsnp: string | null
  ancestry: boolean
  allSamples: boolean
  sample: string | undefined
  assumption: MissingMarkerAssumption | undefined
}

/** `index-dbsnp REF OUT_DIR` builds the index; `index-dbsnp --verify OUT_DIR` checks a built one. */
export type IndexArgs =
  | { command: 'index-dbsnp'; mode: 'build'; reference: string; outDir: string }
  | { command: 'index-dbsnp'; mode: 'verify'; outDir: string }

export type CliArgs = InspectArgs | IndexArgs | { command: 'help' }

const HINT = 'genetics --help shows the usage'
const usage = (problem: string) => new UsageError(`${problem} (${HINT})`)

const VALUE_OPTIONS = new Set(['--annotate', '--dbsnp', '--sample', '--assumption'])
const FLAG_OPTIONS = new Set(['--json', '--ancestry', '--all-samples'])
const ASSUMPTIONS = ['variant_only', 'reference_blocks', 'genome_wide'] as const

/**
 * Whether the arguments ask for help: `-h`/`--help` in an option's place (not as another option's
 * value, not after `--`). Help wins over every other mistake on the line.
 */
function asksForHelp(argv: string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--') return false
    if (arg === '--help' || arg === '-h') return true
    if (VALUE_OPTIONS.has(arg)) i++
  }
  return false
}

interface Token {
  option: string | null
  /** The option's value when given as --option=value. */
  inline: string | undefined
  positional: string | null
}

/** Splits `--name=value`, stops reading options after `--`. */
function tokens(argv: string[]): Token[] {
  const out: Token[] = []
  let optionsEnded = false
  for (const arg of argv) {
    if (optionsEnded) out.push({ option: null, inline: undefined, positional: arg })
    else if (arg === '--') optionsEnded = true
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      out.push(
        eq < 0
          ? { option: arg, inline: undefined, positional: null }
          : { option: arg.slice(0, eq), inline: arg.slice(eq + 1), positional: null },
      )
    } else if (arg.startsWith('-') && arg !== '-')
      out.push({ option: arg, inline: undefined, positional: null })
    else out.push({ option: null, inline: undefined, positional: arg })
  }
  return out
}

export function parseArgs(argv: string[]): CliArgs {
  if (asksForHelp(argv)) return { command: 'help' }
  const [command, ...rest] = argv
  if (command === undefined)
    throw usage('no command given: use genetics inspect FILE or genetics index-dbsnp')
  if (command === 'index-dbsnp') return parseIndex(rest)
  if (command !== 'inspect') throw usage(`unknown command ${command}: use inspect or index-dbsnp`)
  return parseInspect(rest)
}

function parseIndex(rest: string[]): IndexArgs {
  const positionals: string[] = []
  let verify = false
  for (const t of tokens(rest)) {
    if (t.option === '--verify') {
      if (t.inline !== undefined) throw usage(`--verify takes no value (got --verify=${t.inline})`)
      verify = true
    } else if (t.option !== null)
      throw usage(`unknown option ${t.option} for index-dbsnp (it takes only --verify)`)
    else positionals.push(t.positional as string)
  }
  if (verify) {
    if (positionals.length === 0) throw usage('index-dbsnp --verify needs OUT_DIR (the index to check)')
    if (positionals.length > 1)
      throw usage(`unexpected argument ${positionals[1]}: index-dbsnp --verify takes OUT_DIR only`)
    if (positionals[0] === '') throw usage('index-dbsnp --verify: an empty path was given')
    return { command: 'index-dbsnp', mode: 'verify', outDir: positionals[0] }
  }
  if (positionals.length < 2)
    throw usage(
      `index-dbsnp needs REF.vcf.gz and OUT_DIR (${positionals.length === 0 ? 'both are' : 'OUT_DIR is'} missing)`,
    )
  if (positionals.length > 2)
    throw usage(`unexpected argument ${positionals[2]}: index-dbsnp takes REF.vcf.gz and OUT_DIR`)
  const [reference, outDir] = positionals
  if (reference === '' || outDir === '') throw usage('index-dbsnp: an empty path was given')
  return { command: 'index-dbsnp', mode: 'build', reference, outDir }
}

function parseInspect(rest: string[]): InspectArgs {
  const args: InspectArgs = {
    command: 'inspect',
    file: '',
    json: false,
    annotate: null,
    dbsnp: null,
    ancestry: false,
    allSamples: false,
    sample: undefined,
    assumption: undefined,
  }
  const given = new Map<string, string>()
  const list = tokens(rest)
  const positionals: string[] = []
  for (let i = 0; i < list.length; i++) {
    const { option, inline, positional } = list[i]
    if (option === null) {
      positionals.push(positional as string)
      continue
    }
    if (FLAG_OPTIONS.has(option)) {
      if (inline !== undefined) throw usage(`${option} takes no value (got ${option}=${inline})`)
      if (option === '--json') args.json = true
      else if (option === '--ancestry') args.ancestry = true
      else args.allSamples = true
      continue
    }
    if (!VALUE_OPTIONS.has(option)) throw usage(`unknown option ${option}`)
    let value = inline
    if (value === undefined) {
      const next = list[i + 1]
      // The next word is another option, not this one's value: `--sample --json` is a missing value.
      if (next === undefined || next.positional === null) throw usage(`${option} needs a value`)
      value = next.positional
      i++
    }
    if (value === '') throw usage(`${option} needs a value (got an empty one)`)
    const before = given.get(option)
    if (before !== undefined && before !== value)
      throw usage(`${option} given twice (${before} and ${value}); give it once`)
    given.set(option, value)
    if (option === '--annotate') {
      if (value !== 'compact' && value !== 'full')
        throw usage(`--annotate takes compact or full, not ${value}`)
      args.annotate = value
    } else if (option === '--dbsnp') args.dbsnp = value
    else if (option === '--sample') args.sample = value
    else {
      const assumption = ASSUMPTIONS.find((a) => a === value)
      if (!assumption) throw usage(`--assumption takes ${ASSUMPTIONS.join(', ')}, not ${value}`)
      args.assumption = assumption
    }
  }
  if (positionals.length === 0) throw usage('inspect needs a FILE')
  if (positionals.length > 1) throw usage(`unexpected argument ${positionals[1]}: inspect reads one FILE`)
  args.file = positionals[0]
  if (args.file === '') throw usage('inspect needs a FILE (an empty path was given)')
  if (args.annotate === 'full' && !args.dbsnp) throw usage('--annotate full needs --dbsnp PATH')
  if (args.dbsnp !== null && args.annotate !== 'full')
    throw usage('--dbsnp is only used by --annotate full; add --annotate full or leave --dbsnp out')
  // `-` is standard input, read once: the dbSNP join reads the input a second time after the scan.
  if (args.file === '-' && args.annotate === 'full')
    throw usage(
      '--annotate full reads the input twice, which standard input cannot be: save the stream to a file and give its path',
    )
  if (args.assumption !== undefined && !args.ancestry)
    throw usage('--assumption only applies to --ancestry; add --ancestry or leave --assumption out')
  if (args.allSamples && args.sample !== undefined)
    throw usage('--sample and --all-samples cannot be used together')
  if (args.allSamples && args.annotate !== null)
    throw usage('--annotate cannot be used with --all-samples (its lines carry ancestry only)')
  return args
}
