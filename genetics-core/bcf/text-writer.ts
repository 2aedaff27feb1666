// VCF text written as bytes into a growing buffer, so a decoded record never becomes a string. Two
// buffers are used in turn: a piece handed out stays valid until the one after the next is asked for,
// the contract every text source of the reader keeps (stream/text-source.ts), and memory stays at two
// buffers instead of one fresh allocation per piece.

const INITIAL_BYTES = 1 << 20

export class TextWriter {
  bytes: Uint8Array
  length = 0
  private spare: Uint8Array

  constructor() {
    this.bytes = new Uint8Array(INITIAL_BYTES)
    this.spare = new Uint8Array(INITIAL_BYTES)
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return
    let size = this.bytes.length * 2
    while (size < this.length + n) size *= 2
    const grown = new Uint8Array(size)
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }

  byte(c: number): void {
    if (this.length >= this.bytes.length) this.reserve(1)
    this.bytes[this.length++] = c
  }

  copy(source: Uint8Array, start: number, end: number): void {
    this.reserve(end - start)
    // Most copies are a few bytes (a key, a contig name, an allele), where a loop is several times
    // faster than making a subarray view for set().
    if (end - start <= 32) {
      const bytes = this.bytes
      let at = this.length
      for (let i = start; i < end; i++) bytes[at++] = source[i]
      this.length = at
      return
    }
    this.bytes.set(source.subarray(start, end), this.length)
    this.length += end - start
  }

  /** A string of ASCII characters (numbers, keys already checked). */
  ascii(text: string): void {
    this.reserve(text.length)
    for (let i = 0; i < text.length; i++) this.bytes[this.length++] = text.charCodeAt(i)
  }

  utf8(text: string): void {
    this.reserve(text.length * 3)
    this.length += new TextEncoder().encodeInto(text, this.bytes.subarray(this.length)).written
  }

  /** A signed integer in decimal (any value a BCF int32 or a uint32 position holds). */
  int(value: number): void {
    this.reserve(MAX_INT_BYTES)
    this.length = writeIntAt(this.bytes, this.length, value)
  }

  /** The text written since the last take; the next writes go to the other buffer. */
  take(): Uint8Array {
    const piece = this.bytes.subarray(0, this.length)
    const next = this.spare
    this.spare = this.bytes
    this.bytes = next
    this.length = 0
    return piece
  }
}

/** Most bytes a decimal int32 or uint32 takes ('-2147483648'). */
export const MAX_INT_BYTES = 11

/**
 * Writes a signed integer in decimal at `at` (room for its digits and sign must be there) and returns the end.
 * For loops that reserve room for a whole vector once and write its values without a check each.
 */
export function writeIntAt(bytes: Uint8Array, at: number, value: number): number {
  let v = value
  if (v < 0) {
    bytes[at++] = 45
    v = -v
  }
  if (v < 10) {
    bytes[at] = 48 + v
    return at + 1
  }
  if (v < 100) {
    const tens = (v / 10) | 0
    bytes[at] = 48 + tens
    bytes[at + 1] = 48 + v - tens * 10
    return at + 2
  }
  let digits = 1
  for (let t = v; t >= 10; t = Math.floor(t / 10)) digits++
  const end = at + digits
  let w = end
  while (v >= 10) {
    const q = Math.floor(v / 10)
    bytes[--w] = 48 + (v - q * 10)
    v = q
  }
  bytes[--w] = 48 + v
  return end
}
