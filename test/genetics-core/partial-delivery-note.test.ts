// A lab's SNP file or INDEL file alone (Dante Labs delivers both; GATK's SelectVariants and
// `bcftools view -v snps|indels` make them): real calls, the Platinum Genomes NA12878 excerpt split the
// way such deliveries are, each file said to lack the catalog entries the other one holds.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { compactCatalog } from '../../genetics-core/catalog/index'
import { MIN_VARIANT_RECORDS } from '../../genetics-core/catalog/partial-delivery-note'
import { analyzeGeneticsSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'
import { isSnvRecord, platinumExcerpt } from './support/split-delivery'

const { header, records } = platinumExcerpt()
const dir = tempDir()
afterAll(() => dir.remove())
function vcf(name: string, body: string[]): string {
  writeFileSync(dir.path(name), `${[...header, ...body].join('\n')}\n`)
  return dir.path(name)
}

const notesOf = async (path: string) =>
  (await analyzeGeneticsSource(path, { annotation: 'compact' })).compact?.notes ?? []
const entries = compactCatalog().entries
const indelEntries = entries.filter((e) => e.ref.length !== e.alt.length).length

describe("a sequencing delivery's SNP or INDEL file alone", () => {
  test('the SNP file says which catalog entries are indels it cannot show', async () => {
    const snvs = records.filter(isSnvRecord)
    expect(snvs.length).toBeGreaterThan(MIN_VARIANT_RECORDS)
    const note = (await notesOf(vcf('snp.vcf', snvs))).find((n) => /no insertions or deletions/.test(n))
    expect(indelEntries).toBeGreaterThan(0)
    expect(note).toContain(`${indelEntries} ${indelEntries === 1 ? 'entry' : 'entries'} of the catalog`)
    expect(note).toContain("Upload the delivery's indel VCF too")
  })

  test('the INDEL file says the catalog SNVs are in the SNP file', async () => {
    // The excerpt's 361 indel records are under the 1,000 a file needs to be judged; a genome's INDEL file
    // has about 800,000, so they are repeated at further positions.
    const indels = records.filter((r) => !isSnvRecord(r))
    const many = Array.from({ length: 3 }, (_, copy) =>
      indels.map((r) => {
        const fields = r.split('\t')
        fields[1] = String(Number(fields[1]) * 10 + copy)
        return fields.join('\t')
      }),
    )
      .flat()
      .sort((a, b) => Number(a.split('\t')[1]) - Number(b.split('\t')[1]))
    expect(many.length).toBeGreaterThan(MIN_VARIANT_RECORDS)
    const notes = await notesOf(vcf('indel.vcf', many))
    const note = notes.find((n) => /almost no single-base changes/.test(n))
    expect(note).toContain(`${entries.length - indelEntries} entries of the catalog are SNVs`)
    expect(note).toContain("Upload the delivery's SNP VCF too")
  })

  test('the whole delivery, a small excerpt and a consumer file get no such note', async () => {
    const none = (notes: string[]) =>
      notes.filter((n) => /no insertions or deletions|no single-base changes/.test(n))
    expect(none(await notesOf(vcf('both.vcf', records)))).toEqual([])
    expect(none(await notesOf(vcf('small.vcf', records.filter(isSnvRecord).slice(0, 500))))).toEqual([])
    expect(none(await notesOf(fixture('consumer', 'ancestrydna_synthetic_calls.txt')))).toEqual([])
    // An imputed VCF lists a panel's sites (HRC's are SNVs only): there is no indel file to ask for.
    const imputedHeader = [header[0], '##imputation=minimac4', ...header.slice(1)]
    writeFileSync(
      dir.path('imputed.vcf'),
      `${[...imputedHeader, ...records.filter(isSnvRecord)].join('\n')}\n`,
    )
    const imputed = await analyzeGeneticsSource(dir.path('imputed.vcf'), { annotation: 'compact' })
    expect(imputed.detection.imputedEvidence).not.toBeNull()
    expect(none(imputed.compact?.notes ?? [])).toEqual([])
  })
})
