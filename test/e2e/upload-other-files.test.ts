// The console's upload page in headless Chromium, given the other files of a sequencing delivery: a
// BAM, a CRAM, a FASTQ.gz and a tabix index are named on the page before a byte is sent (no import, no
// upload session), with the reader's own words; the VCF.GZ of the same delivery then imports. And a
// full-size 23andMe download re-saved by a spreadsheet as genome.csv (a name that does not say genetics,
// a size above the import's limit) is told by its content and goes up through an upload session.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { type TestApp, testApp } from '../support/app'
import { chromiumOrSkip, serveInChromium, signInByCode } from '../support/chromium'
import { spreadsheetResave, twentyThreeAndMeDownload } from '../support/consumer-dna'

const hasChromium = chromiumOrSkip('upload-other-files')
const EMAIL = 'sequencing-delivery@example.com'
const OTHER = join(import.meta.dir, '..', 'fixtures', 'genetics', 'other-genomics')

let t: TestApp
let browser: BrowserContext
let closeAll: (() => Promise<void>) | undefined
let base: string

describe.skipIf(!hasChromium)('the upload page names files that are not genotype calls', () => {
  beforeAll(async () => {
    t = await testApp()
    ;({ base, browser, close: closeAll } = await serveInChromium(t.app))
  })
  afterAll(async () => {
    await closeAll?.()
    await t?.cleanup()
  })

  it('refuses a BAM, a CRAM, a FASTQ.gz and a .tbi on the page, then imports the VCF.GZ', async () => {
    await t.userWithKey(EMAIL)
    const page = await browser.newPage()
    await signInByCode(page, base, t.context.outbox!, EMAIL)
    await page.goto(`${base}/console/upload`)
    const sent: string[] = []
    page.on('request', (r) => {
      if (r.method() !== 'GET') sent.push(new URL(r.url()).pathname)
    })
    const statusSays = (words: string) => page.locator('#upload-status', { hasText: words }).waitFor()
    for (const [file, words] of [
      ['reads.bam', 'Not uploaded: the file is a BAM file: aligned sequencing reads, not genotype calls'],
      ['reads.cram', 'Not uploaded: the file is a CRAM file: aligned sequencing reads'],
      ['reads_R1.fastq.gz', 'Not uploaded: the file is FASTQ: raw sequencing reads'],
      ['calls.vcf.gz.tbi', 'Not uploaded: the file is a tabix index (.tbi)'],
    ]) {
      await page.setInputFiles('#file', join(OTHER, file))
      await page.getByRole('button', { name: 'Upload' }).click()
      await statusSays(words)
    }
    expect(sent).toEqual([])

    await page.setInputFiles('#file', join(OTHER, 'calls.vcf.gz'))
    await page.getByRole('button', { name: 'Upload' }).click()
    await statusSays('Done.')
    expect(sent).toEqual(['/console/import'])
    expect(await page.locator('#done').textContent()).toContain('Open the source')
    await page.close()
  })
  it('sends a large genotype table whose name does not say so through an upload session', async () => {
    const page = await browser.newPage() // signed in by the test before (the context keeps the session)
    await page.goto(`${base}/console/upload`)
    const text = spreadsheetResave(twentyThreeAndMeDownload().split('\n'), '\t', ';')
    expect(text.length).toBeGreaterThan(t.context.config.importMaxBytes)
    const path = join(tmpdir(), `genome-${process.pid}.csv`)
    writeFileSync(path, text)
    const sent: string[] = []
    page.on('request', (r) => {
      if (r.method() !== 'GET') sent.push(new URL(r.url()).pathname.replace(/upl_[\w-]+/, 'ID'))
    })
    await page.setInputFiles('#file', path)
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.waitForURL(/\/console\/jobs\/job_/, { timeout: 120_000 })
    expect(sent).toContain('/console/uploads')
    expect(sent).not.toContain('/console/import')
    await page.close()
    rmSync(path)
  }, 180_000)
})
