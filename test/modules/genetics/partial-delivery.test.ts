// A sequencing lab's SNP VCF uploaded without its INDEL VCF (real calls: the Platinum Genomes NA12878
// excerpt with its indels left out, as `bcftools view -v snps` writes such a file): the source's notes say
// which catalog entries only the indel file can show, and that the person can upload it too.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { isSnvRecord, platinumExcerpt } from '../../genetics-core/support/split-delivery'
import { type TestApp, testApp } from '../../support/app'
import { UNCAPPED_UPLOADS, uploadFile, waitForJob } from './helpers'

function snpFile(): Uint8Array {
  const { header, records } = platinumExcerpt()
  return new TextEncoder().encode(`${[...header, ...records.filter(isSnvRecord)].join('\n')}\n`)
}

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 2_000_000, uploadTtlSeconds: 3600 } })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

describe("a lab's SNP file uploaded alone", () => {
  it('is analysed, and its notes ask for the indel file for the catalog indels', async () => {
    const p = await t.userWithKey()
    const job = await waitForJob(t, p, (await uploadFile(t, p, snpFile(), {}, 'sample.snp.vcf')).job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    const note = source.details.notes.find((n: string) =>
      n.startsWith('The file lists no insertions or deletions'),
    )
    expect(note).toContain("Upload the delivery's indel VCF too")
  })
})
