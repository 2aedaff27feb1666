// A DNA download kept in a spreadsheet's own format (Excel .xlsx or .xls, LibreOffice .ods, Apple
// Numbers) or pasted into a word processor is named, with how to get the text back, instead of being
// refused as a zip without a genotype file or as binary data. The packages below have the entries each
// program writes (the names are what tell them apart); a zip of a download with a README is still read.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { strToU8, zipSync } from 'fflate'
import { scanSource } from '../../genetics-core/index'
import { tempDir } from './support/fixtures'
import { catalogRows, sorted, VENDORS } from './support/vendor-files'

const tmp = tempDir()
afterAll(() => tmp.remove())

const table = VENDORS['23andme'](sorted(catalogRows())).join('\n')
const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`)

/** Entry names (and stand-in contents) of each program's package. */
const PACKAGES: Record<string, { file: string; entries: Record<string, Uint8Array>; kind: string }> = {
  excel: {
    file: 'genome.xlsx',
    kind: 'an Excel workbook (.xlsx)',
    entries: {
      '[Content_Types].xml': xml('<Types/>'),
      '_rels/.rels': xml('<Relationships/>'),
      'docProps/core.xml': xml('<cp:coreProperties/>'),
      'xl/workbook.xml': xml('<workbook/>'),
      'xl/_rels/workbook.xml.rels': xml('<Relationships/>'),
      'xl/sharedStrings.xml': xml(`<sst><si><t>${table.slice(0, 2000)}</t></si></sst>`),
      'xl/worksheets/sheet1.xml': xml('<worksheet><sheetData/></worksheet>'),
    },
  },
  word: {
    file: 'genome.docx',
    kind: 'a Word document (.docx)',
    entries: {
      '[Content_Types].xml': xml('<Types/>'),
      '_rels/.rels': xml('<Relationships/>'),
      'word/document.xml': xml(
        `<w:document><w:body><w:p><w:t>${table.slice(0, 2000)}</w:t></w:p></w:body></w:document>`,
      ),
    },
  },
  libreoffice: {
    file: 'genome.ods',
    kind: 'an OpenDocument file (LibreOffice .ods or .odt)',
    entries: {
      mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'),
      'content.xml': xml('<office:document-content/>'),
      'styles.xml': xml('<office:document-styles/>'),
      'meta.xml': xml('<office:document-meta/>'),
      'META-INF/manifest.xml': xml('<manifest:manifest/>'),
    },
  },
  numbers: {
    file: 'genome.numbers',
    kind: 'an Apple Numbers or Pages file',
    entries: {
      'Index/Document.iwa': new Uint8Array([0x00, 0x1a, 0x05, 0x00, 0x01]),
      'Metadata/DocumentIdentifier': strToU8('7B1C0A4E'),
      'preview.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    },
  },
}

describe('office documents sent instead of a genotype text file', () => {
  for (const [program, { file, entries, kind }] of Object.entries(PACKAGES)) {
    test(`${program}: named, with what to send instead`, async () => {
      const path = tmp.path(file)
      writeFileSync(path, zipSync(entries))
      const error = await scanSource(path).catch((e) => e)
      expect([error.code, error.message]).toEqual([
        'UNRECOGNISED_FORMAT',
        `the file is ${kind}, not a genotype text file: send the provider's original download, or save the sheet as text (Excel's "Text (Tab delimited)" or CSV) and send that`,
      ])
    })
  }

  test('an older Excel or Word file (the compound-file format) is named too', async () => {
    const bytes = new Uint8Array(4096)
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    const path = tmp.path('genome.xls')
    writeFileSync(path, bytes)
    const error = await scanSource(path).catch((e) => e)
    expect([error.code, error.message]).toEqual([
      'UNRECOGNISED_FORMAT',
      expect.stringContaining(
        'the file is an older Excel or Word file (.xls or .doc), not a genotype text file',
      ),
    ])
  })

  test('a zip of a download with its README beside it is still read', async () => {
    const path = tmp.path('download.zip')
    writeFileSync(path, zipSync({ 'README.txt': strToU8('Your raw data.\n'), 'genome.txt': strToU8(table) }))
    const { summary } = await scanSource(path)
    expect(summary).toMatchObject({ format: '23andme', records: catalogRows().length })
  })
})
