// Genotype files as the vendors ship them (a 23andMe and an AncestryDNA download zipped, a MyHeritage
// CSV with its "##" metadata block, a bgzipped VCF, a HaplotypeCaller gVCF) sent through an upload
// session and followed to their findings and ancestry; then what a careless client or an attacker
// sends: empty PUTs over a finished upload, and archives that inflate far beyond their size.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { zipSync } from 'fflate'
import { compactCatalog } from '../../../genetics-core'
import { FINDING_NOTICES } from '../../../modules/genetics/finding-notice'
import { isProblem, type TestApp, testApp } from '../../support/app'
import {
  createSession,
  fixture,
  localPath,
  putBytes,
  sha256,
  UNCAPPED_UPLOADS,
  uploadFile,
  waitForJob,
} from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await testApp({ genetics: { ...UNCAPPED_UPLOADS, maxUploadBytes: 2_000_000, uploadTtlSeconds: 3600 } })
  await t.context.queue.start()
})
afterAll(() => t.cleanup())

const encode = (text: string) => new TextEncoder().encode(text)
/** One deflated entry, as 23andMe and AncestryDNA ship their downloads. */
const zipped = (name: string, bytes: Uint8Array) => zipSync({ [name]: [bytes, { level: 6 }] })

const VENDOR_FILES = [
  {
    vendor: '23andMe',
    format: '23andme',
    filename: 'genome_Jane_Doe_v5_Full_20240304102136.zip',
    bytes: () =>
      zipped('genome_Jane_Doe_v5_Full_20240304102136.txt', fixture('23andme_v5_synthetic_build37.txt')),
    strand: 'non_palindromic_sites',
  },
  {
    vendor: 'AncestryDNA',
    format: 'ancestrydna',
    filename: 'dna-data-2024-03-04.zip',
    bytes: () => zipped('AncestryDNA.txt', fixture('ancestrydna_v2_synthetic_build37.txt')),
    strand: 'non_palindromic_sites',
  },
  {
    vendor: 'MyHeritage',
    format: 'myheritage',
    filename: 'MyHeritage_raw_dna_data.csv',
    bytes: () => fixture('myheritage_mhv1_synthetic_build37.csv'),
    strand: 'non_palindromic_sites',
  },
  {
    vendor: 'sequencing lab VCF.GZ',
    format: 'vcf',
    filename: 'SYNTH01.vcf.gz',
    bytes: () => fixture('synthetic_variants_grch37.vcf.gz'),
    strand: 'reference_allele',
  },
  {
    vendor: 'HaplotypeCaller gVCF',
    format: 'gvcf',
    filename: 'SYNTH02.g.vcf.gz',
    bytes: () => fixture('synthetic_haplotypecaller_grch37.g.vcf.gz'),
    strand: 'reference_allele',
  },
]

describe('vendor downloads through an upload session', () => {
  for (const file of VENDOR_FILES) {
    it(`reads a ${file.vendor} file to sourced findings with strand, genetic sex, build and ancestry`, async () => {
      const p = await t.userWithKey()
      const done = await uploadFile(t, p, file.bytes(), { provider: file.vendor }, file.filename)
      const job = await waitForJob(t, p, done.job_id)
      expect(job).toMatchObject({ state: 'succeeded', error: null })

      const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
      expect(source.format).toBe(file.format)
      expect(source.details.build).toBe('GRCh37')
      expect(source.details.build_evidence.length).toBeGreaterThan(0)
      expect(source.details.strand).toMatchObject({ orientation: 'plus', method: file.strand })
      // Two X sites are far too few to tell: the source says so rather than guessing.
      expect(source.details.genetic_sex.sex).toBe('unknown')
      expect(source.details.genetic_sex.evidence).toMatch(/X sites? outside the pseudoautosomal regions/)

      const findings = (
        await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, { token: p.key })
      ).body.data
      expect(findings.map((f: { rsid: string }) => f.rsid).sort()).toEqual(
        ['rs1050828', 'rs12913832', 'rs1801133', 'rs4244285', 'rs429358', 'rs4988235'].sort(),
      )
      for (const finding of findings) {
        expect(finding.citations.length).toBeGreaterThan(0)
        expect(finding.evidence_summary.length).toBeGreaterThan(10)
        // Each finding says what it is not, since it may be read alone (one card, one MCP answer).
        expect(finding.notice).toBe(FINDING_NOTICES[finding.category as keyof typeof FINDING_NOTICES])
      }
      const byRsid = (rsid: string) => findings.find((f: { rsid: string }) => f.rsid === rsid)
      expect(byRsid('rs4244285').notice).toContain('do not start, stop or change a medicine')
      expect(byRsid('rs429358').notice).toContain('confirm this with a clinical-grade test')
      expect(byRsid('rs12913832').notice).toContain('not a health finding')
      // TT at G6PD on X with the sex unknown: two-copy wording, and beside it that it may be one X.
      const g6pd = findings.find((f: { rsid: string }) => f.rsid === 'rs1050828')
      expect(g6pd).toMatchObject({ genotype: 'T/T', zygosity: 'hom_alt' })
      expect(g6pd.interpretation).toContain('Genetic sex could not be inferred')
      expect(findings.find((f: { rsid: string }) => f.rsid === 'rs4244285').interpretation).toContain(
        'not a diagnosis',
      )

      const ancestry = await t.call('POST', '/genetics/ancestry', {
        token: p.key,
        body: { source_id: job.source_id },
      })
      expect(ancestry.status).toBe(200)
      expect(ancestry.body.result.build).toBe('GRCh37')
      expect(ancestry.body.result.coverage.usable).toBeGreaterThan(40)
      expect(JSON.stringify(ancestry.body.result.method)).toContain('aisnp-169')
    })
  }

  it('withholds palindromic sites when a consumer file cannot show its strand', async () => {
    // Only palindromic catalog sites (A/T, C/G), each written as two copies of the ALT letter: on the
    // minus strand that is hom-ref, so without a strand vote none of them may become a finding.
    const rows = compactCatalog()
      .entries.filter((e) => e.grch37 && e.rsid && `${e.ref}${e.alt}`.match(/^(AT|TA|CG|GC)$/))
      .map((e) => `${e.rsid}\t${e.grch37!.chrom}\t${e.grch37!.pos}\t${e.alt}${e.alt}`)
    expect(rows.length).toBeGreaterThanOrEqual(4)
    const text = [
      '# This data file generated by 23andMe at: Mon Mar 04 10:21:36 2024',
      '# SYNTHETIC rows written by the test. Reference human assembly build 37.',
      '# rsid\tchromosome\tposition\tgenotype',
      ...rows,
      '',
    ].join('\n')
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, encode(text), {}, 'genome.txt')
    const job = await waitForJob(t, p, done.job_id)
    expect(job.state).toBe('succeeded')
    const source = (await t.call('GET', `/sources/${job.source_id}`, { token: p.key })).body
    expect(source.details.strand.orientation).toBe('unknown')
    expect(source.warnings.map((w: { code: string }) => w.code)).toContain('STRAND_UNKNOWN')
    const findings = await t.call('GET', `/genetics/findings?source_id=${job.source_id}`, { token: p.key })
    expect(findings.body.data).toEqual([])
  })
})

describe('an empty PUT to the upload URL', () => {
  it('is refused without touching the bytes already received, so the upload still completes', async () => {
    const p = await t.userWithKey()
    const bytes = fixture('23andme_v5_synthetic_build37.txt')
    const session = (await createSession(t, p, bytes, {}, 'genome.txt')).body
    expect((await putBytes(t, session.upload_url, bytes)).body.complete).toBe(true)

    // A bare `curl -X PUT "$UPLOAD_URL"` (no body, no Content-Length), and an empty chunked body.
    for (const rawBody of [undefined, new Uint8Array(0)]) {
      const empty = await t.call('PUT', localPath(session.upload_url), { rawBody })
      expect(empty.status).toBe(422)
      expect(isProblem(empty)).toBe(true)
      expect(empty.body.received_bytes).toBe(bytes.byteLength)
      expect(empty.body.detail).toContain('nothing stored has changed')
    }
    const read = await t.call('GET', `/genetics/uploads/${session.upload_id}`, { token: p.key })
    expect(read.body.received_bytes).toBe(bytes.byteLength)
    const blob = `genetics/${p.organizationId}/${p.userId}/${session.upload_id}`
    expect(await t.context.storage.size(blob)).toBe(bytes.byteLength)

    const complete = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(complete.status).toBe(200)
    expect((await waitForJob(t, p, complete.body.job_id)).state).toBe('succeeded')
  })

  it('refuses an empty part of a partial upload and keeps the part before it', async () => {
    const p = await t.userWithKey()
    const bytes = fixture('23andme_v5_synthetic_build37.txt')
    const n = bytes.byteLength
    const session = (await createSession(t, p, bytes, {}, 'genome.txt')).body
    await putBytes(t, session.upload_url, bytes.subarray(0, 1000), `bytes 0-999/${n}`)
    const empty = await t.call('PUT', localPath(session.upload_url), {
      headers: { 'content-range': `bytes 500-999/${n}` },
    })
    expect(empty.status).toBe(422)
    expect(empty.body.received_bytes).toBe(1000)
    const rest = await putBytes(t, session.upload_url, bytes.subarray(1000), `bytes 1000-${n - 1}/${n}`)
    expect(rest.body).toMatchObject({ received_bytes: n, complete: true })
  })
})

describe('a VCF with a header and no records', () => {
  it('fails its job with NO_RECORDS instead of storing a source that reads as "nothing found"', async () => {
    const vcf = encode(
      [
        '##fileformat=VCFv4.2',
        '##reference=GRCh37',
        '##contig=<ID=1,length=249250621>',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
        '',
      ].join('\n'),
    )
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, vcf, {}, 'empty.vcf')
    const job = await waitForJob(t, p, done.job_id)
    expect(job.state).toBe('failed')
    expect(job.error).toMatchObject({ status: 422, code: 'NO_RECORDS' })
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })
})

describe('a VCF without sample columns', () => {
  it('fails its job with NO_SAMPLES: a sites-only file holds no genotypes, so no source is stored', async () => {
    const vcf = encode(
      [
        '##fileformat=VCFv4.2',
        '##contig=<ID=chr1,length=248956422>',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO',
        'chr1\t11796321\trs1801133\tG\tA\t50\tPASS\t.',
        '',
      ].join('\n'),
    )
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, vcf, {}, 'sites.vcf')
    const job = await waitForJob(t, p, done.job_id)
    expect(job.state).toBe('failed')
    expect(job.error).toMatchObject({ status: 422, code: 'NO_SAMPLES' })
    expect(job.error.detail).toContain('no sample columns')
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })
})

describe('a somatic (tumour) VCF', () => {
  it("fails its job with SOMATIC_CALLS: a tumour's mutations are not the person's inherited genotypes", async () => {
    const vcf = encode(
      [
        '##fileformat=VCFv4.2',
        '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
        '##GATKCommandLine=<ID=Mutect2,CommandLine="Mutect2 --normal-sample N1 --output somatic.vcf.gz",Version="4.2.6.1">',
        '##contig=<ID=chr1,length=248956422>',
        '##normal_sample=N1',
        '##source=Mutect2',
        '##tumor_sample=T1',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tT1\tN1',
        'chr1\t11796321\t.\tG\tA\t.\tPASS\t.\tGT\t0/1\t0/0',
        '',
      ].join('\n'),
    )
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, vcf, {}, 'tumor.vcf')
    const job = await waitForJob(t, p, done.job_id)
    expect(job.state).toBe('failed')
    expect(job.error).toMatchObject({ status: 422, code: 'SOMATIC_CALLS' })
    expect(job.error.detail).toContain('germline VCF')
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })
})

describe('completing while the last part is still arriving', () => {
  it('waits for that part, then checks the whole file and starts the job', async () => {
    const p = await t.userWithKey()
    const bytes = fixture('23andme_v5_synthetic_build37.txt')
    const n = bytes.byteLength
    const session = (await createSession(t, p, bytes, {}, 'genome.txt')).body
    await putBytes(t, session.upload_url, bytes.subarray(0, 1000), `bytes 0-999/${n}`)
    // The last part's body sends half, then waits until completion has been asked for.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const rest = bytes.subarray(1000)
    const half = Math.floor(rest.byteLength / 2)
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(rest.slice(0, half))
        await gate
        controller.enqueue(rest.slice(half))
        controller.close()
      },
    })
    const put = t.app.handle(
      new Request(`http://localhost${localPath(session.upload_url)}`, {
        method: 'PUT',
        body,
        headers: { 'content-range': `bytes 1000-${n - 1}/${n}`, 'x-forwarded-for': '10.9.0.7' },
        duplex: 'half',
      } as RequestInit),
    )
    const complete = t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    await Bun.sleep(50)
    release()
    expect((await put).status).toBe(200)
    const completed = await complete
    expect(completed.status).toBe(200)
    expect(completed.body.state).toBe('completed')
    expect((await waitForJob(t, p, completed.body.job_id)).state).toBe('succeeded')
  })
})

/** A download's header with one row repeated millions of times: a few hundred KB once deflated. */
function inflatingGenome(rows: number): Uint8Array<ArrayBuffer> {
  const header = [
    '# This data file generated by 23andMe at: Mon Mar 04 10:21:36 2024',
    '# We are using reference human assembly build 37 (also known as Annotation Release 104).',
    '# rsid\tchromosome\tposition\tgenotype',
    '',
  ].join('\n')
  return encode(header + 'rs4244285\t10\t96541616\tGA\n'.repeat(rows))
}

describe('archives that inflate far beyond their size', () => {
  const text = inflatingGenome(4_000_000)

  it('refuses a zip bomb at completion from the sizes its archive declares, and starts no job', async () => {
    const bomb = zipSync({ 'genome.txt': [text, { level: 9 }] })
    expect(bomb.byteLength).toBeLessThan(400_000)
    const p = await t.userWithKey()
    const session = (await createSession(t, p, bomb, {}, 'genome.zip')).body
    expect((await putBytes(t, session.upload_url, bomb)).body.complete).toBe(true)
    const complete = await t.call('POST', `/genetics/uploads/${session.upload_id}/complete`, { token: p.key })
    expect(complete.status).toBe(422)
    expect(isProblem(complete)).toBe(true)
    expect(complete.body.detail).toContain('decompression bomb')
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })

  it('fails the job of a gzip bomb (no sizes to check up front) with a problem saying why, and leaves no source', async () => {
    const bomb = Bun.gzipSync(text, { level: 9 })
    const p = await t.userWithKey()
    const done = await uploadFile(t, p, bomb, {}, 'genome.txt.gz')
    const job = await waitForJob(t, p, done.job_id, undefined, 60_000)
    expect(job.state).toBe('failed')
    expect(job.error).toMatchObject({ status: 422, code: 'DECOMPRESSION_LIMIT' })
    expect(job.error.detail).toContain('decompression bomb')
    expect(job.attempts).toBe(1)
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })

  it('refuses a gzip bomb sent to POST /imports/file with a 422 and stores nothing', async () => {
    const bomb = Bun.gzipSync(text, { level: 9 })
    const p = await t.userWithKey()
    const r = await t.call('POST', '/imports/file', {
      token: p.key,
      body: {
        user_id: p.userId,
        organization_id: p.organizationId,
        filename: 'genome.txt.gz',
        data_base64: Buffer.from(bomb).toString('base64'),
      },
    })
    expect(r.status).toBe(422)
    expect(isProblem(r)).toBe(true)
    expect(r.body.code).toBe('DECOMPRESSION_LIMIT')
    expect((await t.call('GET', '/sources?modality=genetics', { token: p.key })).body.data).toEqual([])
  })

  it('still reads a genuine file of the same layout', async () => {
    const p = await t.userWithKey()
    const real = zipped('genome.txt', fixture('23andme_v5_synthetic_build37.txt'))
    const done = await uploadFile(t, p, real, {}, 'genome.zip')
    expect((await waitForJob(t, p, done.job_id)).state).toBe('succeeded')
    expect(sha256(real)).toBe(done.sha256)
  })
})
