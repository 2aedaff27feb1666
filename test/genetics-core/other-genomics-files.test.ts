// Files of a sequencing or array delivery that are not genotype calls (reads, alignments, indexes, a
// reference sequence, a PLINK set), as samtools, bcftools and PLINK write them: each is refused with a
// message saying what it is and what to send instead, a zip holding them beside the VCF reads the VCF,
// and no genotype file is ever refused by these names.

import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { detectSource, GeneticsInputError, scanSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())
const file = (name: string) => fixture('other-genomics', name)

async function refusal(path: string): Promise<GeneticsInputError> {
  const error = await scanSource(path).then(
    () => null,
    (e) => e,
  )
  expect(error).toBeInstanceOf(GeneticsInputError)
  return error as GeneticsInputError
}

const NAMED: [string, string, string][] = [
  ['reads.bam', 'a BAM file: aligned sequencing reads', 'call variants from it first'],
  ['reads.cram', 'a CRAM file: aligned sequencing reads', 'upload the VCF (.vcf.gz) delivered with it'],
  ['reads.sam', 'a SAM file: aligned sequencing reads', 'call variants from it first'],
  ['reads.bam.bai', 'a BAM index (.bai)', 'upload the VCF (.vcf.gz) of the same sequencing'],
  ['reads.bam.csi', 'a CSI index (.csi)', 'upload the .vcf.gz (or .bcf) it belongs to'],
  ['calls.vcf.gz.tbi', 'a tabix index (.tbi)', 'upload the .vcf.gz it belongs to'],
  ['calls.vcf.gz.csi', 'a CSI index (.csi)', 'upload the .vcf.gz (or .bcf) it belongs to'],
  ['reads_R1.fastq.gz', 'FASTQ: raw sequencing reads', 'aligning and variant calling first'],
  ['ref.fa', 'a FASTA sequence', 'upload a VCF or a consumer genotype export'],
  ['calls.bed', 'a PLINK binary genotype file (.bed)', '`plink --bfile NAME --recode vcf bgz --out NAME`'],
  ['calls.bim', 'a PLINK variant list (.bim)', 'holds no genotypes'],
  ['ref.fa.fai', 'a FASTA index (.fai)', 'upload a VCF or a consumer genotype export'],
  ['reads.cram.crai', 'a CRAM index (.crai)', 'upload the VCF (.vcf.gz) of the same sequencing'],
]

describe('files of a delivery that are not genotype calls are named', () => {
  for (const [name, what, instead] of NAMED) {
    test(`${name}: ${what}`, async () => {
      const error = await refusal(file(name))
      expect(error.code).toBe('UNRECOGNISED_FORMAT')
      expect(error.message).toStartWith(`the file is ${what}`)
      expect(error.message).toContain(instead)
    })
  }

  test('plain, gzipped and zipped alike: FASTQ as sequencers write it, a SAM gzipped', async () => {
    const fastq = new Uint8Array(Bun.gunzipSync(readFileSync(file('reads_R1.fastq.gz'))))
    const plain = tmp.path('reads_R1.fastq')
    writeFileSync(plain, fastq)
    expect((await refusal(plain)).message).toStartWith('the file is FASTQ')
    const sam = tmp.path('reads.sam.gz')
    writeFileSync(sam, gzipSync(readFileSync(file('reads.sam'))))
    expect((await refusal(sam)).message).toStartWith('the file is a SAM file')
  })

  test('a PLINK 2 .pgen is named with the plink2 command', async () => {
    const pgen = tmp.path('calls.pgen')
    writeFileSync(pgen, Uint8Array.from([0x6c, 0x1b, 0x10, 2, 0, 0, 0, 1, 0, 0, 0, 0x40, 0x02]))
    const error = await refusal(pgen)
    expect(error.message).toStartWith('the file is a PLINK 2 genotype file (.pgen)')
    expect(error.message).toContain('plink2 --pfile NAME --export vcf bgz --out NAME')
  })

  test('a zip of a whole delivery reads the VCF and says what it passed over', async () => {
    const delivery = tmp.path('delivery.zip')
    writeFileSync(
      delivery,
      zipSync({
        'sample.bam': readFileSync(file('reads.bam')),
        'sample.bam.bai': readFileSync(file('reads.bam.bai')),
        'sample.vcf.gz.tbi': readFileSync(file('calls.vcf.gz.tbi')),
        'sample.vcf.gz': readFileSync(file('calls.vcf.gz')),
      }),
    )
    const detection = await detectSource(delivery)
    expect(detection.format).toBe('vcf')
    expect(detection.archiveEntry).toBe('sample.vcf.gz')
    const passedOver = detection.warnings.find((w) => w.code === 'ZIP_MULTIPLE_ENTRIES')
    expect(passedOver?.message).toContain('passed over sample.bam, sample.bam.bai, sample.vcf.gz.tbi')

    // Without the VCF, the refusal names each entry.
    const readsOnly = tmp.path('reads-only.zip')
    writeFileSync(
      readsOnly,
      zipSync({ 'sample.cram': readFileSync(file('reads.cram')), 'ref.fa': readFileSync(file('ref.fa')) }),
    )
    const error = await refusal(readsOnly)
    expect(error.code).toBe('ZIP_ENTRY_INVALID')
    expect(error.message).toContain('sample.cram: the file is a CRAM file')
    expect(error.message).toContain('ref.fa: the file is a FASTA sequence')
  })

  test('the calls of the same delivery are read, and a PLINK .fam is not mistaken for anything', async () => {
    expect((await scanSource(file('calls.vcf.gz'))).summary.records).toBeGreaterThan(10)
    const fam = await refusal(file('calls.fam'))
    expect(fam.message).toStartWith('not a recognised genetics file')
  })

  test('no genotype fixture is refused by these names', async () => {
    // Every VCF, BCF and consumer export the other tests read: detection never names one of them as reads,
    // an index or a PLINK set (the names are looked for only after the genotype formats have said no).
    const folders = ['consumer', 'vcf', 'bcf', 'vcf-shapes', 'imputed', 'call-quality']
    let checked = 0
    for (const folder of folders) {
      for (const name of readdirSync(fixture(folder))) {
        if (/\.(tbi|csi|md|fa|fai|crai)$/.test(name)) continue
        const outcome = await detectSource(fixture(folder, name)).then(
          () => null,
          (e) => e as GeneticsInputError,
        )
        checked++
        if (outcome)
          expect(`${folder}/${name}: ${outcome.message}`).not.toMatch(
            /: the file is (a BAM|a CRAM|a SAM|FASTQ|a FASTA|a PLINK|a tabix|a CSI)/,
          )
      }
    }
    expect(checked).toBeGreaterThan(40)
  })
})
