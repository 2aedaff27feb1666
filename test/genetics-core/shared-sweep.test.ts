// Every real file in shared/data/genetics through detection and a full scan, checked against what
// bcftools 1.16 reports for the same file, plus the hts-specs conformance suites. The shared folder
// does not exist on a fresh clone: there this whole file reports itself skipped.

import { describe, expect, test } from 'bun:test'
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { GeneticsInputError, scanSource } from '../../genetics-core/index'
import { bcftoolsPath, bcftoolsView } from './support/bcftools'
import { hasShared, sharedGenetics } from './support/fixtures'

const NOT_INPUTS = /\.(tbi|csi|gzi|md|json|fa|mediawiki)$|LICENSE|FILES\.tsv$/

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* walk(path)
    else if (!NOT_INPUTS.test(name)) yield path
  }
}

const files = hasShared ? [...walk(sharedGenetics)] : []
const conformance = files.filter((f) => f.includes('/conformance/'))
const others = files.filter((f) => !f.includes('/conformance/'))

/** Builds the shared MANIFEST states for real files (build column), checked against detection. */
const MANIFEST_BUILDS: Record<string, string> = {
  'vcf/platinum-genomes-NA12878/PG_NA12878_chr21.vcf.gz': 'GRCh37',
  'vcf/bcftools/gvcfz.vcf': 'GRCh38',
  'vcf/1000genomes/1kg_phase1_chr1_head.vcf.gz': 'GRCh37',
  'vcf/bcftools/view.GT.vcf': 'GRCh37',
  // (MANIFEST says GRCh38 for vcf/cyvcf2/test.warnings.vcf.gz, but its ##contig lengths are hg19's.)
  'catalog/pharmcat/pharmcat_positions.vcf': 'GRCh38',
  'dbsnp/dbsnp_b151_grch37_brca1.vcf.bgz': 'GRCh37',
  'dbsnp/clinvar_20210302_grch37_10records.vcf': 'GRCh37',
  'ancestry/aisnp.1kg.train.vcf.gz': 'GRCh37',
  'genotype/23andme/23andme_2011_b36_first1000.txt': 'NCBI36',
  'genotype/23andme/23andme_v3_b36_100k_chr19-MT.txt': 'NCBI36',
  'genotype/decodeme/decodeme_small.csv': 'NCBI36',
  'genotype/ftdna/ftdna_illumina_sample.csv': 'GRCh37',
  'genotype/ancestrydna/ancestrydna_v1_header_sanitized.txt': 'GRCh37',
}

describe.skipIf(!hasShared)('every shared genetics file', () => {
  test('is scanned to a result or refused with a typed error, never a crash', async () => {
    const outcomes: string[] = []
    for (const path of others) {
      const outcome = await scanSource(path).then(
        (r) => `ok ${r.detection.format}`,
        (e) => (e instanceof GeneticsInputError ? `refused ${e.code}` : `CRASH ${String(e)}`),
      )
      outcomes.push(`${relative(sharedGenetics, path)}: ${outcome}`)
    }
    expect(outcomes.filter((o) => o.includes('CRASH'))).toEqual([])
    expect(outcomes.filter((o) => o.includes(': ok')).length).toBeGreaterThan(100)
  })

  test('has the build its MANIFEST row states', async () => {
    const seen: Record<string, string> = {}
    for (const name of Object.keys(MANIFEST_BUILDS)) {
      seen[name] = (await scanSource(join(sharedGenetics, name))).summary.build.build
    }
    expect(seen).toEqual(MANIFEST_BUILDS)
  })

  test.skipIf(!bcftoolsPath)('has the records and record types bcftools stats reports', async () => {
    const mismatches: string[] = []
    let compared = 0
    for (const path of others) {
      if (!/\.(vcf|vcf\.gz|bgz)$/.test(path)) continue
      let expected: ReturnType<typeof bcftoolsView>
      try {
        expected = bcftoolsView(path)
      } catch {
        continue // bcftools refuses the file (headerless bodies, malformed headers)
      }
      const { summary } = await scanSource(path)
      compared++
      if (summary.records !== expected.stats.records)
        mismatches.push(`${path}: ${summary.records} records, bcftools ${expected.stats.records}`)
      // bcftools types breakend alleles by its own trimming rules; the reader counts them as breakends.
      if (summary.alleleTypes.breakend > 0) continue
      const ours = [
        summary.recordTypes.snv,
        summary.recordTypes.mnv,
        summary.recordTypes.indel,
        summary.recordTypes.other,
        summary.recordTypes.noAlt,
      ]
      const theirs = [
        expected.stats.snps,
        expected.stats.mnps,
        expected.stats.indels,
        expected.stats.others,
        expected.stats.noAlts,
      ]
      if (ours.join() !== theirs.join()) mismatches.push(`${path}: types ${ours} vs bcftools ${theirs}`)
    }
    expect(mismatches).toEqual([])
    expect(compared).toBeGreaterThan(80)
  })
})

describe.skipIf(!hasShared)('hts-specs VCF conformance suites', () => {
  test('every file in passed/ parses', async () => {
    const refused: string[] = []
    for (const path of conformance.filter((f) => f.includes('/passed/'))) {
      await scanSource(path).catch((e) =>
        refused.push(`${relative(sharedGenetics, path)}: ${e.code} ${e.message}`),
      )
    }
    expect(refused).toEqual([])
  })

  test('every file in failed/ gets a typed error or parses leniently with a recorded warning', async () => {
    const silent: string[] = []
    const crashed: string[] = []
    let failed = 0
    for (const path of conformance.filter((f) => f.includes('/failed/'))) {
      failed++
      const outcome = await scanSource(path).then(
        (r) => (r.warnings.length > 0 ? 'warned' : 'silent'),
        (e) => (e instanceof GeneticsInputError ? 'refused' : 'crashed'),
      )
      if (outcome === 'silent') silent.push(relative(sharedGenetics, path))
      if (outcome === 'crashed') crashed.push(relative(sharedGenetics, path))
    }
    expect(failed).toBe(607)
    expect(crashed).toEqual([])
    expect(silent).toEqual([])
  })
})
