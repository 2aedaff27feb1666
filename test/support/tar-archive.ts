// A one-member tar archive in the POSIX ustar layout GNU tar writes (a 512-byte header with the name,
// mode, size in octal and the 'ustar' magic, the data padded to 512 bytes, two empty end blocks), for
// tests of a WGS delivery bundled as .tar or .tar.gz.

import { strToU8 } from 'fflate'

export function tarOf(name: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(512)
  header.set(strToU8(name), 0)
  header.set(strToU8('0000644\0'), 100)
  header.set(strToU8(`${data.length.toString(8).padStart(11, '0')}\0`), 124)
  header.set(strToU8('0'), 156)
  header.set(strToU8('ustar\u000000'), 257)
  const archive = new Uint8Array(512 + Math.ceil(data.length / 512) * 512 + 1024)
  archive.set(header)
  archive.set(data, 512)
  return archive
}
