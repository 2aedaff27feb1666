// Inflates a run of whole BGZF blocks into one buffer. The output size is known up front from each
// block's ISIZE trailer, so there is one allocation per segment; Bun.gunzipSync checks each block's
// CRC, so a damaged block fails here instead of yielding wrong text.

export class InflateError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

export function inflateBgzfBlocks(bytes: Uint8Array<ArrayBuffer>): Uint8Array {
  let total = 0
  let offset = 0
  while (offset < bytes.length) {
    const size = blockSize(bytes, offset)
    const end = offset + size
    total += bytes[end - 4] | (bytes[end - 3] << 8) | (bytes[end - 2] << 16) | (bytes[end - 1] << 24)
    offset = end
  }
  const out = new Uint8Array(total)
  let written = 0
  offset = 0
  while (offset < bytes.length) {
    const size = blockSize(bytes, offset)
    let text: Uint8Array
    try {
      text = Bun.gunzipSync(bytes.subarray(offset, offset + size))
    } catch {
      throw new InflateError('a BGZF block is corrupt and cannot be inflated', offset)
    }
    if (written + text.length > total)
      throw new InflateError('a BGZF block inflates to more than its size field says', offset)
    out.set(text, written)
    written += text.length
    offset += size
  }
  if (written !== total) throw new InflateError('a BGZF block inflates to less than its size field says', 0)
  return out
}

function blockSize(bytes: Uint8Array, offset: number): number {
  const xlen = bytes[offset + 10] | (bytes[offset + 11] << 8)
  let p = offset + 12
  const extraEnd = p + xlen
  while (p + 4 <= extraEnd) {
    const slen = bytes[p + 2] | (bytes[p + 3] << 8)
    if (bytes[p] === 66 && bytes[p + 1] === 67 && slen === 2) return (bytes[p + 4] | (bytes[p + 5] << 8)) + 1
    p += 4 + slen
  }
  throw new InflateError('not a BGZF block', offset)
}
