// Checksums of the index's data files: CRC-32 (the zlib and zip polynomial), recorded in index.json as
// 8 lowercase hex digits beside each file's size.
//
// CRC-32 because Bun.hash.crc32 takes the running value as its seed and continues from it, so the
// build computes a file's checksum over the chunks as it writes them (no second read of a
// multi-gigabyte file); xxHash64's seed starts a new hash rather than continuing one. It is also the
// value `crc32 FILE`, zlib and Python's zlib.crc32 print, so a file can be checked by hand. It detects
// accidental damage (a flipped bit, a torn write), not deliberate tampering, which is all it is for.

import { writeSync } from 'node:fs'

/** The checksum as index.json records it. */
export function crc32Hex(crc: number): string {
  return (crc >>> 0).toString(16).padStart(8, '0')
}

export const CRC32_HEX = /^[0-9a-f]{8}$/

/** Size and CRC-32 of bytes seen in order, chunk by chunk. */
export class RunningChecksum {
  bytes = 0
  private crc = 0

  update(chunk: Uint8Array): void {
    this.crc = Bun.hash.crc32(chunk, this.crc)
    this.bytes += chunk.byteLength
  }

  get hex(): string {
    return crc32Hex(this.crc)
  }
}

/** Writes all of `chunk` at the file's position and adds it to `sum`: what is hashed is what was written. */
export function writeCounted(fd: number, chunk: Uint8Array, sum: RunningChecksum): void {
  for (let done = 0; done < chunk.byteLength; ) done += writeSync(fd, chunk, done, chunk.byteLength - done)
  sum.update(chunk)
}
