// The reader against bcftools 1.16 on the VCF fixtures: record counts and record types as
// `bcftools stats` reports them, the first sample's genotype classes from `bcftools query %GT`, and
// the called bases at single-record positions from `%TGT`.

import { describe, expect, test } from 'bun:test'
import type { SiteTarget } from '../../genetics-core/index'
import { scanSource } from '../../genetics-core/index'
import { BCFTOOLS_FIXTURES, classOf, expectedForFixture, genotypeClasses } from './support/bcftools'
import { fixture } from './support/fixtures'

// A single breakend written with a leading '.' ('.CCCCCCG') is an indel to htslib's type logic but a
// breakend to the VCF spec, which the reader follows; vcf44_spec.vcf holds one.
const KNOWN_TYPE_DIFFERENCES: Record<string, { indel?: number }> = { 'vcf44_spec.vcf': { indel: -1 } }

describe('records and record types match bcftools stats', () => {
  for (const name of BCFTOOLS_FIXTURES) {
    test(`${name} has the same records, SNVs, MNVs, indels, others and multiallelic sites`, async () => {
      const expected = expectedForFixture(fixture('vcf', name))
      const { summary } = await scanSource(fixture('vcf', name))
      const diff = KNOWN_TYPE_DIFFERENCES[name] ?? {}
      expect({
        records: summary.records,
        noAlts: summary.recordTypes.noAlt,
        snps: summary.recordTypes.snv,
        mnps: summary.recordTypes.mnv,
        indels: summary.recordTypes.indel - (diff.indel ?? 0),
        others: summary.recordTypes.other,
        multiallelic: summary.multiallelicRecords,
      }).toEqual(expected.stats)
    })
  }
})

// bcftools 1.16 predates VCF 4.4's explicit phasing prefixes ('/0', '|0|1') and stops reading
// vcf44_1.vcf at its third record; vcf-core.test.ts checks that file against the 4.4 spec instead.
const GT_FIXTURES = BCFTOOLS_FIXTURES.filter((name) => name !== 'vcf44_1.vcf')

describe('genotype classes match bcftools query %GT for the first sample', () => {
  for (const name of GT_FIXTURES) {
    test(`${name} counts hom-ref, het, hom-alt, hemizygous and no-calls as bcftools' GT says`, async () => {
      const expected = expectedForFixture(fixture('vcf', name))
      const { summary, detection } = await scanSource(fixture('vcf', name))
      if (detection.samples.length === 0 || expected.records.every((r) => r[4] === '.')) {
        expect(summary.genotypes.het + summary.genotypes.hom_alt).toBe(0)
        return
      }
      const counts = {
        hom_ref: 0,
        het: 0,
        hom_alt: 0,
        hemizygous: 0,
        no_call: 0,
        partial: 0,
      }
      for (const record of expected.records) counts[classOf(record[4]) as keyof typeof counts]++
      expect(genotypeClasses(summary)).toEqual(counts)
    })
  }
})

describe('calls at targets carry the bases bcftools query %TGT prints', () => {
  for (const name of GT_FIXTURES) {
    test(`${name}: every record alone at its position is found and its alleles match`, async () => {
      const path = fixture('vcf', name)
      const expected = expectedForFixture(path)
      const first = await scanSource(path)
      const build = first.summary.build.build
      if (build !== 'GRCh37' && build !== 'GRCh38') return // positions can only be matched in a known build
      if (first.detection.samples.length === 0) return
      const perPosition = new Map<string, number>()
      for (const [chrom, pos] of expected.records)
        perPosition.set(`${chrom}:${pos}`, (perPosition.get(`${chrom}:${pos}`) ?? 0) + 1)
      const field = build === 'GRCh37' ? 'grch37' : 'grch38'
      const targets: SiteTarget[] = []
      const wanted = new Map<string, string>()
      for (const [chrom, pos, , , gt, tgt] of expected.records) {
        if (perPosition.get(`${chrom}:${pos}`) !== 1 || gt === '.') continue
        const key = `${chrom}:${pos}`
        targets.push({ key, [field]: { chrom, pos } })
        wanted.set(key, tgt.replace(/^[|/]/, '').replace(/\|/g, '/'))
      }
      const { calls } = await scanSource(path, { targets })
      const seen = new Map([...calls].map(([key, call]) => [key, call.alleles.join('/')]))
      for (const [key, bases] of wanted) expect(`${key} ${seen.get(key)}`).toBe(`${key} ${bases}`)
      expect(calls.size).toBe(wanted.size)
    })
  }
})
