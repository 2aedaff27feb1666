// The data files a manifest names, with the size each must have: the size index.json recorded when
// the build wrote it, or, in an index written before sizes were recorded, the size its counts make.
// A wrong size is the cheap sign of a file cut short (a full disk, an interrupted copy) or swapped.

import { HEADER_BYTES, type IndexedChromosome, MANIFEST_FILE, RECORD_BYTES } from './format'

export interface DataFileEntry {
  file: string
  kind: 'alleles' | 'fence'
  recordedBytes: number | undefined
  recordedCrc32: string | undefined
  /** What the counts make: 32 + 16 per allele, 4 per block. */
  expectedBytes: number
}

export function dataFilesOf(chromosome: IndexedChromosome, blockRecords: number): DataFileEntry[] {
  return [
    {
      file: chromosome.allelesFile,
      kind: 'alleles',
      recordedBytes: chromosome.allelesBytes,
      recordedCrc32: chromosome.allelesCrc32,
      expectedBytes: HEADER_BYTES + chromosome.alleles * RECORD_BYTES,
    },
    {
      file: chromosome.fenceFile,
      kind: 'fence',
      recordedBytes: chromosome.fenceBytes,
      recordedCrc32: chromosome.fenceCrc32,
      expectedBytes: Math.ceil(chromosome.alleles / blockRecords) * 4,
    },
  ]
}

/** What is wrong with a data file of `actualBytes`, naming it and both sizes; null when the size is right. */
export function sizeProblem(entry: DataFileEntry, actualBytes: number): string | null {
  const wanted = entry.recordedBytes ?? entry.expectedBytes
  if (actualBytes === wanted) return null
  const source =
    entry.recordedBytes !== undefined ? `${MANIFEST_FILE} records ${wanted}` : `its counts make ${wanted}`
  const why =
    actualBytes > wanted
      ? 'replaced or appended to'
      : entry.kind === 'alleles' && actualBytes >= HEADER_BYTES
        ? 'truncated: shorter than its header says'
        : 'truncated or replaced'
  return `${entry.file} is ${actualBytes} bytes but ${source} (${why})`
}
