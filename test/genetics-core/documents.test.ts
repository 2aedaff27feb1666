// A PDF report, a saved web page (or the sign-in page a site served in place of an expired download),
// a download re-saved as rich text, or a screenshot, sent instead of the raw data: each is named with
// what to send instead, plain, gzipped or as the only file of a zip; a zip that holds such a page beside
// the genotype file is still read, and real vendor files are not mistaken for any of them.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { strToU8, zipSync } from 'fflate'
import { documentKind } from '../../genetics-core/detect/documents'
import { otherGenomicsStart } from '../../genetics-core/detect/other-genomics-files'
import { scanSource } from '../../genetics-core/index'
import { tempDir } from './support/fixtures'
import { catalogRows, sorted, VENDORS } from './support/vendor-files'

const tmp = tempDir()
afterAll(() => tmp.remove())

const text = (s: string) => new TextEncoder().encode(s)
const bytes = (...b: number[]) => Uint8Array.from(b)
const withTail = (head: Uint8Array) => {
  const out = new Uint8Array(head.length + 600)
  out.set(head)
  for (let i = head.length; i < out.length; i++) out[i] = (i * 131) & 255
  return out
}

/** Each kind as the programs that make it write its first bytes. */
const DOCUMENTS: { name: string; file: string; content: Uint8Array<ArrayBuffer>; says: string }[] = [
  {
    name: 'a PDF report',
    file: 'report.pdf',
    content: text(
      '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    ),
    says: 'the file is a PDF document, and a report lists findings, not the genotypes the reader needs',
  },
  {
    name: 'a sign-in page served in place of the download',
    file: 'genome_Jane_Doe_v5_Full.txt',
    content: text(
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Sign in</title>\n</head>\n<body><form method="post"></form></body>\n</html>\n',
    ),
    says: 'the file is a web page (HTML), not the download itself',
  },
  {
    name: 'a page saved by a Windows browser (byte-order mark, lower-case doctype)',
    file: 'AncestryDNA.txt',
    content: text('\ufeff<!doctype html><html><head></head><body>Your download has expired.</body></html>'),
    says: 'the file is a web page (HTML)',
  },
  {
    name: 'an XHTML page with an XML declaration and a comment first',
    file: 'dna-data.csv',
    content: text(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- saved from url=(0041)https://example.org/dna/raw-data -->\n<html xmlns="http://www.w3.org/1999/xhtml"><body></body></html>',
    ),
    says: 'the file is a web page (HTML)',
  },
  {
    name: 'a download opened in TextEdit and saved as rich text',
    file: 'genome.rtf',
    content: text(
      '{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n{\\fonttbl\\f0\\fmodern\\fcharset0 Courier;}\n\\f0\\fs24 # rsid\\tab chromosome\\tab position\\tab genotype\\\nrs548049170\\tab 1\\tab 69869\\tab TT\\\n}',
    ),
    says: 'the file is a rich-text document (RTF), as TextEdit or WordPad save a text file they opened',
  },
  {
    name: 'a PNG screenshot',
    file: 'results.png',
    content: withTail(
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52),
    ),
    says: 'the file is a picture (a screenshot or photo of results), not genotype data',
  },
  {
    name: 'a JPEG photo',
    file: 'results.jpg',
    content: withTail(bytes(0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18, 0x45, 0x78, 0x69, 0x66)),
    says: 'the file is a picture',
  },
  {
    name: 'an iPhone photo (HEIC)',
    file: 'IMG_0412.HEIC',
    content: withTail(bytes(0, 0, 0, 0x18, ...text('ftypheic'), 0, 0, 0, 0, ...text('mif1heic'))),
    says: 'the file is a picture',
  },
  {
    name: 'a WebP image',
    file: 'results.webp',
    content: withTail(bytes(...text('RIFF'), 0x24, 0x10, 0, 0, ...text('WEBPVP8 '))),
    says: 'the file is a picture',
  },
]

describe('a document, page or picture sent instead of the raw data', () => {
  for (const { name, file, content, says } of DOCUMENTS) {
    test(`${name}: named, with what to send instead`, async () => {
      for (const [packing, path, data] of [
        ['plain', tmp.path(file), content],
        ['gzipped', tmp.path(`${file}.gz`), Bun.gzipSync(content)],
        ['zipped', tmp.path(`${file}.zip`), zipSync({ [file]: content })],
      ] as const) {
        writeFileSync(path, data)
        const error = await scanSource(path).catch((e) => e)
        expect([packing, error.code]).toEqual([
          packing,
          packing === 'zipped' ? 'ZIP_ENTRY_INVALID' : 'UNRECOGNISED_FORMAT',
        ])
        expect(error.message).toContain(says)
      }
      // An upload's first part is enough to tell.
      expect(otherGenomicsStart(content)).toContain(says)
      expect(otherGenomicsStart(Bun.gzipSync(content))).toContain(says)
    })
  }

  test('the advice names where the raw data comes from', async () => {
    const path = tmp.path('report2.pdf')
    writeFileSync(path, DOCUMENTS[0].content)
    const error = await scanSource(path).catch((e) => e)
    expect(error.message).toContain('download the raw genotype data from the testing company')
    expect(error.message).toContain('or ask the sequencing lab for the VCF')
  })

  test('a zip of the download with a saved help page beside it is still read', async () => {
    const table = VENDORS['23andme'](sorted(catalogRows())).join('\n')
    const path = tmp.path('download-with-page.zip')
    writeFileSync(
      path,
      zipSync({ 'How to read your data.html': DOCUMENTS[1].content, 'genome.txt': strToU8(table) }),
    )
    const { summary } = await scanSource(path)
    expect(summary).toMatchObject({ format: '23andme', records: catalogRows().length })
  })

  test('no vendor export or VCF starts like one of them', () => {
    const rows = sorted(catalogRows())
    for (const [vendor, write] of Object.entries(VENDORS)) {
      expect([vendor, documentKind(text(write(rows).join('\n')))]).toEqual([vendor, null])
    }
    for (const start of ['##fileformat=VCFv4.2\n', '#CHROM\tPOS\tID\n', '1\t10177\trs367896724\tA\tAC\n'])
      expect(documentKind(text(start))).toBeNull()
    // A table that merely mentions a page is not one.
    expect(documentKind(text('rsid,chromosome,position,result\n"<html>",1,1,AA\n'))).toBeNull()
  })
})
