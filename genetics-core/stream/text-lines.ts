// Lines of decompressed text as strings, for the parts of the reader that look at a file's head
// (detection, header parsing, validation of the first records). The hot path never uses this.

import { GeneticsInputError } from '../errors'
import { MAX_LINE_BYTES } from '../scan/line-scanner'

export async function* textLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8')
  let carry = ''
  let line = 0
  for await (const chunk of chunks) {
    const text = carry + decoder.decode(chunk, { stream: true })
    let start = 0
    while (true) {
      const nl = text.indexOf('\n', start)
      if (nl < 0) break
      line++
      yield text.charCodeAt(nl - 1) === 13 ? text.slice(start, nl - 1) : text.slice(start, nl)
      start = nl + 1
    }
    carry = text.slice(start)
    if (carry.length > MAX_LINE_BYTES) {
      throw new GeneticsInputError('LINE_TOO_LONG', `line is longer than ${MAX_LINE_BYTES} bytes`, line + 1)
    }
  }
  carry += decoder.decode()
  if (carry.length > 0) yield carry.endsWith('\r') ? carry.slice(0, -1) : carry
}
