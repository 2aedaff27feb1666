// Archives and compressions the reader does not open, named with the command that unpacks them. The
// reader opens zip, gzip and BGZF (and one gzip or BGZF file inside a zip); a WGS delivery or a backup
// may come as a tar bundle, 7-Zip or RAR archive, or bzip2-, xz- or zstd-compressed, and someone may
// zip the vendor's zip again. "Binary data" would leave them guessing; this says what the file is.

import type { Compression } from '../types'

/**
 * Magic bytes (at offset `at`), a further test where the magic alone could be text, what the file is,
 * and how to get the genotype file out of it.
 */
const ARCHIVES: { magic: number[]; at?: number; also?: (bytes: Uint8Array) => boolean; message: string }[] = [
  {
    magic: [0x75, 0x73, 0x74, 0x61, 0x72], // 'ustar' in the first member's header (POSIX and GNU tar)
    at: 257,
    message:
      'a tar archive; unpack it (`tar -xf FILE`, or `tar -xzf FILE` for .tar.gz) and upload the file it holds',
  },
  {
    magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
    message: 'a 7-Zip archive; unpack it (`7z x FILE`) and upload the file it holds',
  },
  {
    magic: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // Rar!\x1a\x07
    message: 'a RAR archive; unpack it (`unrar x FILE`) and upload the file it holds',
  },
  {
    magic: [0x42, 0x5a, 0x68], // BZh, then the block size: '1'-'9' (so text opening with 'BZh' is not one)
    also: (bytes) => bytes[3] >= 0x31 && bytes[3] <= 0x39,
    message:
      'bzip2-compressed; decompress it (`bunzip2 FILE`) and upload the result, or recompress it with `bgzip`',
  },
  {
    magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
    message:
      'xz-compressed; decompress it (`unxz FILE`) and upload the result, or recompress it with `bgzip`',
  },
  {
    magic: [0x28, 0xb5, 0x2f, 0xfd],
    message:
      'zstd-compressed; decompress it (`zstd -d FILE`) and upload the result, or recompress it with `bgzip`',
  },
]

const ZIP = [0x50, 0x4b, 0x03, 0x04]

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b)

/**
 * What the (decompressed) bytes are when they are an archive or compression the reader does not open,
 * or null. `inside` is the container they came out of, if any: a zip inside it is named too.
 */
export function unopenedArchive(bytes: Uint8Array, inside: Compression): string | null {
  for (const { magic, at, also, message } of ARCHIVES)
    if (startsWith(bytes, magic, at) && (also?.(bytes) ?? true)) return `the file is ${message}`
  if (inside !== 'none' && startsWith(bytes, ZIP)) {
    const outer = inside === 'zip' ? 'zip archive' : 'gzip file'
    return `the file is a zip archive inside a ${outer}; unpack the outer one and upload the zip it holds, or the genotype file inside that`
  }
  return null
}
