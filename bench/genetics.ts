// bun run bench:genetics [--records N] [--reps N]
// Generates (or reuses from bench/.cache/) a synthetic WGS VCF.GZ of N records (default 4.5 M) and its
// dbSNP-like reference with the shared generator, then times in one run, on the same files:
//   bcftools query (CHROM POS ID REF ALT GT)   vs  our parse + compact annotation
//   bcftools annotate -c ID from the reference vs  our full dbSNP join, both against the bgzipped VCF
//                                                  (merge join) and against the provisioned index
//                                                  (`genetics index-dbsnp`, built once into bench/.cache)
//   bgzip -dc -@2 (the decompression floor)  vs  our parse + compact annotation
//   the same two comparisons on the same records as BCF (bcftools view -Ob, made once into bench/.cache)
//   a one-pass awk over a 650 k-row 23andMe file vs  our scan of it (generated, synthetic)
//   --all-samples --ancestry at 1,252 and 3,756 samples (peak RSS must not grow with samples)
// Wall time, records/s and peak RSS (GNU time) per command, best of --reps runs (median shown too),
// and the ratios. The commands of each comparison run in alternating rounds, and the machine is
// shared: compare within one run. The 100 M-allele dbSNP index run is bench/genetics-index.ts (its
// reference takes tens of minutes to generate).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { nativeInflateLibrary } from '../genetics-core/stream/native-inflate'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const RECORDS = option('records', 4_500_000)
const REPS = option('reps', 3)
const REF_SIZE = Math.round((RECORDS * 5_000_000) / 4_500_000)
const repoRoot = join(import.meta.dir, '..')
const cache = join(repoRoot, 'bench', '.cache')
const shared = process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared')
const generator = join(shared, 'tools', 'gen-wgs-vcf.ts')

function sh(command: string): { code: number; stdout: string; stderr: string } {
  const p = Bun.spawnSync(['bash', '-c', command], { stdout: 'pipe', stderr: 'pipe' })
  return { code: p.exitCode ?? 1, stdout: p.stdout.toString(), stderr: p.stderr.toString() }
}

function ensureTools(): void {
  const missing = ['bcftools', 'tabix', 'bgzip'].filter((t) => !Bun.which(t))
  if (missing.length === 0) return
  console.log(`installing ${missing.join(', ')} from Debian packages...`)
  const install = sh(
    'apt-get install -y bcftools tabix >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y bcftools tabix >/dev/null 2>&1)',
  )
  if (install.code !== 0 || !Bun.which('bcftools'))
    throw new Error('could not install bcftools/tabix with apt-get')
  if (!existsSync('/usr/bin/time')) sh('apt-get install -y time >/dev/null 2>&1')
}

function ensureData(): { vcf: string; dbsnp: string } {
  mkdirSync(cache, { recursive: true })
  const tag = RECORDS === 4_500_000 ? 'wgs' : `wgs_${RECORDS}`
  const vcf = join(cache, `${tag}.vcf.gz`)
  const dbsnp = join(cache, `${tag === 'wgs' ? 'dbsnp' : `dbsnp_${RECORDS}`}.vcf.gz`)
  if (existsSync(`${vcf}.tbi`) && existsSync(`${dbsnp}.tbi`)) return { vcf, dbsnp }
  if (!existsSync(generator)) throw new Error(`the WGS generator is missing: ${generator} (set SHARED_DIR)`)
  console.log(`generating ${RECORDS} records and a ${REF_SIZE}-allele dbSNP-like reference (seed 42)...`)
  const plainVcf = vcf.replace(/\.gz$/, '')
  const plainRef = dbsnp.replace(/\.gz$/, '')
  const gen = sh(
    `bun ${generator} --records ${RECORDS} --seed 42 --ref-out ${plainRef} --ref-size ${REF_SIZE} > ${plainVcf} && ` +
      `bgzip -@2 -f ${plainVcf} && bgzip -@2 -f ${plainRef} && tabix -f -p vcf ${vcf} && tabix -f -p vcf ${dbsnp}`,
  )
  if (gen.code !== 0) throw new Error(`generation failed: ${gen.stderr.slice(0, 300)}`)
  return { vcf, dbsnp }
}

interface Run {
  wall: number
  rssMb: number
  output: string
}

/** Runs a command under GNU time: wall seconds and peak RSS of the largest process. */
function measure(command: string): Run {
  const timeFile = join(cache, '.time')
  const p = sh(`/usr/bin/time -f '%e %M' -o ${timeFile} bash -c ${JSON.stringify(command)}`)
  if (p.code !== 0) throw new Error(`command failed: ${command}\n${p.stderr.slice(0, 500)}`)
  const [wall, kb] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).map(Number)
  rmSync(timeFile, { force: true })
  return { wall, rssMb: kb / 1024, output: p.stdout }
}

type Timed = { label: string; best: Run; median: number; runs: Run[] }

/**
 * Runs each command --reps times in rounds (one run of every command per round, the starting command
 * rotating), so the commands compared in a ratio share the same minutes of this shared machine: its
 * speed drifts by a tenth or more within a run, and timing one command's runs back to back, then the
 * next's, let that drift land in the ratios.
 */
function interleaved(commands: readonly (readonly [label: string, command: string])[]): Timed[] {
  const runs: Run[][] = commands.map(() => [])
  for (let round = 0; round < REPS; round++) {
    for (let k = 0; k < commands.length; k++) {
      const i = (round + k) % commands.length
      runs[i].push(measure(commands[i][1]))
    }
  }
  return commands.map(([label], i) => summarise(label, runs[i]))
}

const repeat = (label: string, command: string): Timed => interleaved([[label, command]])[0]

function summarise(label: string, runs: Run[]): Timed {
  const walls = runs.map((r) => r.wall).sort((a, b) => a - b)
  const median = walls[Math.floor(walls.length / 2)]
  const best = runs.reduce((a, b) => (b.wall < a.wall ? b : a))
  const peak = Math.max(...runs.map((r) => r.rssMb))
  process.stdout.write(`  ${label}: best ${best.wall.toFixed(2)} s, median ${median.toFixed(2)} s\n`)
  return { label, best: { ...best, rssMb: peak }, median, runs }
}

ensureTools()
const { vcf, dbsnp } = ensureData()
const records = RECORDS
const bun = process.execPath
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM; bun ${Bun.version}; ${sh('bcftools --version | head -1').stdout.trim()}; BGZF inflated with ${nativeInflateLibrary() ?? "Bun's gunzip"}`,
)
console.log(
  `input ${vcf} (${(Bun.file(vcf).size / 1e6).toFixed(1)} MB), reference ${dbsnp} (${(Bun.file(dbsnp).size / 1e6).toFixed(1)} MB); ${REPS} runs each`,
)
sh(`cat ${vcf} ${dbsnp} > /dev/null`) // warm the page cache

const run = (mode: string, ...files: string[]) =>
  `${bun} ${join(repoRoot, 'bench', 'genetics-run.ts')} ${mode} ${files.join(' ')}`

// The scan, its two baselines: bcftools reading the same fields, and bgzip only inflating.
const [query, ours, floor] = interleaved([
  ['bcftools query', `bcftools query -f '%CHROM\\t%POS\\t%ID\\t%REF\\t%ALT\\t[%GT]\\n' ${vcf} > /dev/null`],
  ['ours: parse + compact annotation', run('scan', vcf)],
  ['bgzip -dc -@2', `bgzip -dc -@2 ${vcf} > /dev/null`],
])

// The provisioned index is what a deployment joins against (DBSNP_REFERENCE_PATH pointing at it); it
// is built once per reference and kept in bench/.cache, so only its first build is timed.
const indexDir = dbsnp.replace(/\.vcf\.gz$/, '.dbsnp-index')
const indexBuild = ensureIndex(dbsnp, indexDir)
const [annotate, join_, indexed] = interleaved([
  ['bcftools annotate -c ID', `bcftools annotate -a ${dbsnp} -c ID -Ou -o /dev/null ${vcf}`],
  ['ours: full dbSNP join (merge join against the VCF)', run('dbsnp', vcf, dbsnp)],
  ['ours: full dbSNP join (provisioned index)', run('dbsnp', vcf, indexDir)],
])

// The same records as a BCF (bcftools view -Ob, made once into bench/.cache): bcftools reads its own
// binary format without parsing text, so this is the hardest baseline for our decoder.
const bcf = join(
  cache,
  `${vcf
    .split('/')
    .pop()!
    .replace(/\.vcf\.gz$/, '')}.bcf`,
)
// bcftools annotate reads a BCF only with its index (.csi).
if (!existsSync(`${bcf}.csi`))
  sh(
    `bcftools view --no-version -Ob -o ${bcf}.part ${vcf} && mv ${bcf}.part ${bcf} && bcftools index -f ${bcf}`,
  )
const [bcfQuery, bcfOurs, bcfAnnotate, bcfIndexed] = interleaved([
  [
    'bcftools query (BCF)',
    `bcftools query -f '%CHROM\\t%POS\\t%ID\\t%REF\\t%ALT\\t[%GT]\\n' ${bcf} > /dev/null`,
  ],
  ['ours: parse + compact annotation (BCF)', run('scan', bcf)],
  ['bcftools annotate -c ID (BCF)', `bcftools annotate -a ${dbsnp} -c ID -Ou -o /dev/null ${bcf}`],
  ['ours: full dbSNP join of the BCF (provisioned index)', run('dbsnp', bcf, indexDir)],
])

// A 23andMe-layout file of 650 k rows (synthetic letters, deterministic), and a one-pass awk over it.
const consumer = join(cache, 'consumer_650k.txt')
if (!existsSync(consumer)) writeFileSync(consumer, syntheticConsumerFile())
const [awk, consumerScan] = interleaved([
  ['awk one pass (23andMe file)', `awk -F'\t' '{n++} END {print n}' ${consumer} > /dev/null`],
  ['ours: 23andMe scan + compact', run('scan', consumer)],
])

// Many samples: the 1,252-person training VCF and the same widened to 3,756 sample columns.
const wide1 = join(cache, 'samples_1252.vcf')
const wide3 = join(cache, 'samples_3756.vcf')
if (!existsSync(wide3)) {
  writeFileSync(wide1, widenedTrainingVcf(1))
  writeFileSync(wide3, widenedTrainingVcf(3))
}
const cli = join(repoRoot, 'genetics-core', 'cli.ts')
const samples1 = repeat(
  'ours: --all-samples --ancestry, 1,252 samples',
  `${bun} ${cli} inspect ${wide1} --all-samples --ancestry > /dev/null`,
)
const samples3 = repeat(
  'ours: --all-samples --ancestry, 3,756 samples',
  `${bun} ${cli} inspect ${wide3} --all-samples --ancestry > /dev/null`,
)

/** "5.1x faster than" or, when ours is the slower one, "2.5x slower than": never "0.4x faster". */
const speed = (ratio: number) =>
  ratio >= 1 ? `${ratio.toFixed(1)}x faster than` : `${(1 / ratio).toFixed(1)}x slower than`

const detail = (r: Run) => JSON.parse(r.output.trim().split('\n').at(-1) ?? '{}')
const rows = [
  ['bcftools query CHROM/POS/ID/REF/ALT/[GT]', query],
  ['ours: parse + compact annotation', ours],
  ['bcftools annotate -c ID (dbSNP-like reference)', annotate],
  ['ours: full dbSNP join (merge join against the VCF)', join_],
  ['ours: full dbSNP join against the provisioned index', indexed],
  ['bgzip -dc -@2 (decompression floor)', floor],
  ['bcftools query, the same records as BCF', bcfQuery],
  ['ours: parse + compact annotation of the BCF', bcfOurs],
  ['bcftools annotate -c ID of the BCF', bcfAnnotate],
  ['ours: full dbSNP join of the BCF against the index', bcfIndexed],
] as const
console.log('\n| command | wall s (best) | wall s (median) | records/s | peak RSS MB |')
console.log('|---|---:|---:|---:|---:|')
for (const [label, r] of rows) {
  console.log(
    `| ${label} | ${r.best.wall.toFixed(2)} | ${r.median.toFixed(2)} | ${(records / r.best.wall / 1e6).toFixed(2)} M | ${r.best.rssMb.toFixed(0)} |`,
  )
}
const scanRatio = query.best.wall / ours.best.wall
const joinRatio = annotate.best.wall / join_.best.wall
const indexRatio = annotate.best.wall / indexed.best.wall
console.log(
  `\nparse + compact: ${speed(scanRatio)} bcftools query (target 5.5x) [median ratio ${(query.median / ours.median).toFixed(1)}x]`,
)
console.log(
  `full dbSNP join: against the provisioned index ${speed(indexRatio)} bcftools annotate (target 5x) [median ratio ${(annotate.median / indexed.median).toFixed(1)}x] (what a deployment uses when DBSNP_REFERENCE_PATH points at an index); merge join against the bgzipped VCF ${joinRatio.toFixed(1)}x [median ratio ${(annotate.median / join_.median).toFixed(1)}x]`,
)
console.log(
  `provisioned index: ${indexBuild.built ? `built in ${indexBuild.seconds.toFixed(1)} s (peak RSS ${indexBuild.rssMb.toFixed(0)} MB)` : 'reused from bench/.cache (delete it to time a build)'}, ${(indexBuild.bytes / 1e6).toFixed(1)} MB on disk for ${indexBuild.alleles.toLocaleString('en')} alleles (${(indexBuild.bytes / indexBuild.alleles).toFixed(1)} bytes/allele)`,
)
console.log(
  `peak RSS of ours: scan ${ours.best.rssMb.toFixed(0)} MB, merge join ${join_.best.rssMb.toFixed(0)} MB, index join ${indexed.best.rssMb.toFixed(0)} MB (target <= 256 MB)`,
)
console.log(
  `parse + compact within ${(ours.median / floor.median).toFixed(2)}x of the bgzip -dc -@2 floor (${floor.median.toFixed(2)} s; target 2x)`,
)
console.log(
  `BCF input: parse + compact ${speed(bcfQuery.median / bcfOurs.median)} bcftools query on the same BCF (medians; no target), dbSNP join against the index ${speed(bcfAnnotate.median / bcfIndexed.median)} bcftools annotate on it; peak RSS ${bcfOurs.best.rssMb.toFixed(0)} MB and ${bcfIndexed.best.rssMb.toFixed(0)} MB`,
)
console.log(
  `650 k-row 23andMe file: ours ${consumerScan.median.toFixed(2)} s (target 0.35 s) against a one-pass awk ${awk.median.toFixed(2)} s; peak RSS ${consumerScan.best.rssMb.toFixed(0)} MB`,
)
console.log(
  `--all-samples --ancestry peak RSS: ${samples1.best.rssMb.toFixed(0)} MB at 1,252 samples, ${samples3.best.rssMb.toFixed(0)} MB at 3,756 (${samples1.median.toFixed(1)} s and ${samples3.median.toFixed(1)} s)`,
)
console.log(
  `ours found ${detail(ours.best).callsFound} of ${detail(ours.best).targets} target sites; merge join assigned ${detail(join_.best).assigned} of ${detail(join_.best).alleles} alleles (${detail(join_.best).method}), index join ${detail(indexed.best).assigned} of ${detail(indexed.best).alleles} (${detail(indexed.best).method})`,
)

/** Builds the provisioned index once (timed); a complete one from an earlier run is reused. */
function ensureIndex(
  reference: string,
  dir: string,
): { built: boolean; seconds: number; rssMb: number; bytes: number; alleles: number } {
  const manifestPath = join(dir, 'index.json')
  let built = false
  let run: Run = { wall: 0, rssMb: 0, output: '' }
  if (!existsSync(manifestPath)) {
    // index.json is written last, so a directory without it is an interrupted build.
    rmSync(dir, { recursive: true, force: true })
    run = measure(
      `${bun} ${join(repoRoot, 'genetics-core', 'cli.ts')} index-dbsnp ${reference} ${dir} > /dev/null`,
    )
    built = true
    process.stdout.write(`  ours: index-dbsnp (build, once): ${run.wall.toFixed(2)} s\n`)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)
  return { built, seconds: run.wall, rssMb: run.rssMb, bytes, alleles: manifest.alleles }
}

/** 650,000 rows in the 23andMe layout (build 37 header), letters from a fixed-seed generator. */
function syntheticConsumerFile(): string {
  const lines = [
    '# This data file generated by 23andMe (SYNTHETIC benchmark file).',
    '# We are using reference human assembly build 37 (also known as Annotation Release 104).',
    '# rsid\tchromosome\tposition\tgenotype',
  ]
  let state = 1
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state
  }
  const chromosomes = [...Array.from({ length: 22 }, (_, i) => String(i + 1)), 'X', 'Y', 'MT']
  let n = 0
  for (const chrom of chromosomes) {
    const rows = chrom === 'MT' || chrom === 'Y' ? 3000 : 28000 // 23 x 28,000 + 2 x 3,000 = 650,000
    let pos = 10_000
    for (let i = 0; i < rows && n < 650_000; i++, n++) {
      pos += 1 + (next() % 9000)
      const a = 'ACGT'[next() % 4]
      const b = next() % 3 === 0 ? 'ACGT'[next() % 4] : a
      lines.push(`rs${1000 + n * 7}\t${chrom}\t${pos}\t${next() % 50 === 0 ? '--' : a + b}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** The 1,252-sample training VCF with its sample columns repeated `copies` times (renamed). */
function widenedTrainingVcf(copies: number): string {
  const source = join(repoRoot, 'test', 'fixtures', 'genetics', 'ancestry', 'aisnp.1kg.train.vcf.gz')
  const lines = gunzipSync(readFileSync(source))
    .toString()
    .split('\n')
    .filter((l) => l !== '')
  return `${lines
    .map((line) => {
      if (line.startsWith('##')) return line
      const cols = line.split('\t')
      const samples = cols.slice(9)
      const wide: string[] = []
      for (let c = 0; c < copies; c++)
        wide.push(...(line.startsWith('#CHROM') ? samples.map((s) => `${s}_${c}`) : samples))
      return [...cols.slice(0, 9), ...wide].join('\t')
    })
    .join('\n')}\n`
}
