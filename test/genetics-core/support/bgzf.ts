// BGZF written by the tests themselves, so that block sizes (and empty blocks) can be chosen: records
// then cross block and segment edges wherever a test wants them to.

import { crc32, deflateRawSync } from 'node:zlib'

/** One BGZF block holding `text` (at most 65,280 bytes, as bgzip writes them). */
export function bgzfBlock(text: Uint8Array): Uint8Array {
  const deflated = deflateRawSync(text, { level: 6 })
  const block = new Uint8Array(18 + deflated.length + 8)
  block.set([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 0xff, 6, 0, 0x42, 0x43, 2, 0])
  const view = new DataView(block.buffer)
  view.setUint16(16, block.length - 1, true)
  block.set(deflated, 18)
  view.setUint32(18 + deflated.length, crc32(text), true)
  view.setUint32(22 + deflated.length, text.length, true)
  return block
}

/** BGZF of `text` with the n-th block holding blockBytes(n) bytes, an empty block after every `emptyEvery`. */
export function bgzf(
  text: Uint8Array,
  blockBytes: (n: number) => number = () => 65280,
  emptyEvery = 0,
): Buffer {
  const blocks: Uint8Array[] = []
  for (let offset = 0, n = 0; offset < text.length; n++) {
    const size = blockBytes(n)
    blocks.push(bgzfBlock(text.subarray(offset, offset + size)))
    offset += size
    if (emptyEvery > 0 && (n + 1) % emptyEvery === 0) blocks.push(bgzfBlock(new Uint8Array(0)))
  }
  blocks.push(bgzfBlock(new Uint8Array(0)))
  return Buffer.concat(blocks)
}
