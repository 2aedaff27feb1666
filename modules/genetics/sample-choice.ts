// Which person of a genetics file is analysed. A multi-sample VCF (a trio, a family, a joint call) holds
// several people, and findings about the wrong one are worse than none: a sample the caller names must
// be in the file (else the job fails listing the names it does hold), and when none was named the
// result says whose findings these are and how to choose another. Sample names go to the caller who
// uploaded the file, never to the logs.

import type { Detection, GeneticsWarning } from '../../genetics-core'
// Straight from the error module, not through ./core: core.ts imports this file.
import { isVcfData } from '../../genetics-core/detect/vcf-data'
import { GeneticsInputError } from '../../genetics-core/errors'

/** Sample names an error lists; a cohort of thousands is summed up as "and N more". */
export const LISTED_SAMPLES = 20
/** Longest part of one name quoted back; a header can hold any length, a message should not. */
const QUOTED_NAME_CHARS = 80

const quote = (name: string) => `"${name.slice(0, QUOTED_NAME_CHARS)}"`

/** UNKNOWN_SAMPLE with the file's sample names, which the job's problem details carry as fields too. */
export class UnknownSampleError extends GeneticsInputError {
  readonly samplesInFile: number
  readonly listedSamples: string[]

  constructor(message: string, samples: readonly string[]) {
    super('UNKNOWN_SAMPLE', message)
    this.samplesInFile = samples.length
    this.listedSamples = samples.slice(0, LISTED_SAMPLES).map((s) => s.slice(0, QUOTED_NAME_CHARS))
  }

  /** Extra problem-details fields: how many samples the file has and the first of their names. */
  problemFields(): Record<string, unknown> {
    return { samples_in_file: this.samplesInFile, samples: this.listedSamples }
  }
}

/** "NA00001, NA00002 and NA00003", or the first LISTED_SAMPLES and "and N more". */
export function sampleList(samples: readonly string[]): string {
  const shown = samples.slice(0, LISTED_SAMPLES).map(quote)
  const more = samples.length - shown.length
  if (more > 0) return `${shown.join(', ')} and ${more} more`
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '')
}

/**
 * Refuse a named sample the file cannot hold, before any of it is read: a consumer export is one
 * person with no sample names, and a VCF has its names on the #CHROM line.
 */
export function assertSampleInFile(detection: Detection, sample: string): void {
  // A BCF holds VCF records and names its samples in the VCF header text it carries.
  if (!isVcfData(detection.format)) {
    throw new UnknownSampleError(
      `sample ${quote(sample)} was asked for, but a ${detection.format} file holds one person's calls and names no samples; upload it again without \`sample\``,
      [],
    )
  }
  const samples = detection.samples
  if (samples.includes(sample)) return
  if (samples.length === 0) {
    throw new UnknownSampleError(
      `sample ${quote(sample)} was asked for, but the file names no samples (no sample columns on its #CHROM line); upload it again without \`sample\``,
      [],
    )
  }
  const count = samples.length === 1 ? 'its one sample is' : `its ${samples.length} samples are`
  throw new UnknownSampleError(
    `sample ${quote(sample)} is not in the file; ${count} ${sampleList(samples)}. Sample names are matched exactly (case and spaces count)`,
    samples,
  )
}

/**
 * The warning a result carries when the file holds several samples and none was named: the findings
 * are the first sample's, and the person reading them may not be that sample.
 */
export function multipleSamplesWarning(
  detection: Detection,
  analysedSample: string | null,
  requestedSample: string | null | undefined,
  via: 'upload_session' | 'imports_file',
): GeneticsWarning | null {
  const count = detection.samples.length
  if (count < 2 || requestedSample || analysedSample === null) return null
  const how =
    via === 'upload_session'
      ? 'upload it again with `sample` to choose another'
      : 'send it through an upload session (POST /genetics/uploads) with `sample` to choose another'
  return {
    code: 'MULTIPLE_SAMPLES',
    message: `the file holds ${count} samples; findings are for ${quote(analysedSample)} (the first); ${how}`,
  }
}
