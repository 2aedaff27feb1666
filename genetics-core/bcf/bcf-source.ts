// Whether a source is a BCF, found out before any scan: the dbSNP join reads its input again through
// its own allele extraction, which takes VCF text only, so a full annotation of a BCF is refused at
// once instead of after a whole genome has been read.

import { GeneticsInputError } from '../errors'
import { isBcfMagic, readFileHead, sniffCompression } from '../stream/sniff'
import { isStandardInput } from '../stream/standard-input'
import { openTextChunks } from '../stream/text-source'
import { BCF_TO_VCF_COMMAND } from './bcf-problems'

/** The refusal of a dbSNP annotation of a BCF. */
export function bcfDbsnpRefusal(): GeneticsInputError {
  return new GeneticsInputError(
    'UNSUPPORTED_FORMAT',
    `full dbSNP annotation reads VCF text, not BCF: convert it with ${BCF_TO_VCF_COMMAND} and annotate the VCF.GZ`,
  )
}

/**
 * True when the file's bytes, or its first decompressed bytes, start with the BCF magic. Standard input
 * and zip archives are not looked into here (a stream can be read only once; an archive's entry is
 * chosen by detection): the scan names their format, and callers check that too.
 */
export async function startsAsBcf(path: string): Promise<boolean> {
  if (isStandardInput(path)) return false
  const { head } = await readFileHead(path, 64).catch(() => ({ head: new Uint8Array(0) }))
  if (isBcfMagic(head)) return true
  const compression = sniffCompression(head)
  if (compression !== 'gzip' && compression !== 'bgzf') return false
  const text = await openTextChunks(path, compression)
  try {
    for await (const chunk of text.chunks) return isBcfMagic(chunk)
    return false
  } catch {
    // Damaged data is the scan's to report, with its own words.
    return false
  } finally {
    text.close()
  }
}
