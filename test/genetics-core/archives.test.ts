// Archives and compressions the reader does not open (a tar bundle of a WGS delivery, 7-Zip, RAR,
// bzip2, xz, zstd, a zip zipped again) are named with the command that unpacks them, instead of
// "binary data". The tar is in the POSIX ustar layout GNU tar writes (tarOf); the others carry the
// magic bytes their tools write.

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { strToU8, zipSync } from 'fflate'
import { otherGenomicsStart } from '../../genetics-core/detect/other-genomics-files'
import { scanSource } from '../../genetics-core/index'
import { tarOf } from '../support/tar-archive'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const vcf = new Uint8Array(await Bun.file(fixture('vcf', 'ex2.vcf')).arrayBuffer())

const withJunk = (magic: number[]) =>
  Uint8Array.from([...magic, ...Array.from({ length: 600 }, (_, i) => i % 251)])

const CASES: [string, Uint8Array, string][] = [
  ['a tar bundle', tarOf('NG1234/NG1234.vcf', vcf), 'the file is a tar archive; unpack it (`tar -xf FILE`'],
  ['a gzipped tar bundle', gzipSync(tarOf('NG1234/NG1234.vcf', vcf)), 'the file is a tar archive'],
  [
    'a 7-Zip archive',
    withJunk([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
    'the file is a 7-Zip archive; unpack it (`7z x FILE`)',
  ],
  ['a RAR archive', withJunk([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]), 'the file is a RAR archive'],
  [
    'a bzip2 file',
    withJunk([0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59]),
    'the file is bzip2-compressed; decompress it (`bunzip2 FILE`)',
  ],
  ['an xz file', withJunk([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), 'the file is xz-compressed'],
  ['a zstd file', withJunk([0x28, 0xb5, 0x2f, 0xfd]), 'the file is zstd-compressed'],
]

describe('archives the reader does not open', () => {
  for (const [what, bytes, message] of CASES) {
    test(`${what} is named with the command that unpacks it, by the reader and on an upload's first part`, async () => {
      const path = tmp.path(what.replace(/ /g, '-'))
      writeFileSync(path, bytes)
      const error = await scanSource(path).catch((e) => e)
      expect([error.code, error.message]).toEqual(['UNRECOGNISED_FORMAT', expect.stringContaining(message)])
      expect(otherGenomicsStart(bytes)).toContain(message)
    })
  }

  test("a zip zipped again (or gzipped) says to unpack the outer one; the vendor's zip itself is read", async () => {
    const vendorZip = zipSync({ 'genome.vcf': vcf })
    const twice = tmp.path('twice.zip')
    writeFileSync(twice, zipSync({ 'genome.zip': vendorZip }))
    const error = await scanSource(twice).catch((e) => e)
    expect([error.code, error.message]).toEqual([
      'ZIP_ENTRY_INVALID',
      expect.stringContaining(
        'genome.zip: the file is a zip archive inside a zip archive; unpack the outer one',
      ),
    ])
    const gzipped = tmp.path('zip.gz')
    writeFileSync(gzipped, gzipSync(vendorZip))
    expect((await scanSource(gzipped).catch((e) => e)).message).toContain('a zip archive inside a gzip file')
    const once = tmp.path('once.zip')
    writeFileSync(once, vendorZip)
    expect((await scanSource(once)).summary.records).toBe(5)
  })

  test('text that happens to start with "BZh" is not taken for bzip2', () => {
    expect(otherGenomicsStart(strToU8('BZh is not a genotype file\n'))).toBeNull()
  })
})
