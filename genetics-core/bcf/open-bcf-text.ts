// A BCF as VCF text chunks: the file's bytes come through the same streaming paths as a VCF's (plain,
// gzip/BGZF through createGunzip, a zip entry, standard input) and are decoded on the way, in one
// sequential pass on the main thread (inflation still runs off it). Detection reads a BCF's head this
// way, and so are read a BCF in a zip or uncompressed; a BGZF BCF (a file or standard input) is read
// on the scan workers instead, cut into chunks of whole records (bgzf-bcf-chunks.ts).

import { type OpenTextOptions, openTextChunks, type TextChunks } from '../stream/text-source'
import type { Compression } from '../types'
import { bcfToVcfText } from './bcf-to-vcf-text'

export async function openBcfText(
  path: string,
  compression: Compression,
  options: OpenTextOptions = {},
): Promise<TextChunks> {
  const binary = await openTextChunks(path, compression, options)
  let decompressed = 0
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of binary.chunks) {
      decompressed += chunk.length
      yield chunk
    }
  }
  return {
    chunks: bcfToVcfText(counted()),
    bytesRead: binary.bytesRead,
    decompressedBytes: () => decompressed,
    close: binary.close,
  }
}
