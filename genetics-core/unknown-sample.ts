// A sample asked for that the file cannot hold. Findings about the wrong person are worse than none, so
// the name must be one the file lists; the refusal lists the names it does hold, so the caller can
// choose, whether it reaches them through the CLI or a job's problem details. Kept free of the reader's
// modules: the service imports it before the first genetics file is read.

import { GeneticsInputError } from './errors'

/** Sample names a refusal lists; a cohort of thousands is summed up as "and N more". */
const LISTED_SAMPLES = 20
/** Longest part of one name quoted back; a header can hold any length, a message should not. */
const QUOTED_NAME_CHARS = 80

/** A sample name in double quotes, cut to a length a message can hold. */
export const quoteSampleName = (name: string) => `"${name.slice(0, QUOTED_NAME_CHARS)}"`
const quote = quoteSampleName

/** "NA00001", "NA00002" and "NA00003", or the first LISTED_SAMPLES and "and N more". */
function sampleList(samples: readonly string[]): string {
  const shown = samples.slice(0, LISTED_SAMPLES).map(quote)
  const more = samples.length - shown.length
  if (more > 0) return `${shown.join(', ')} and ${more} more`
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '')
}

/** UNKNOWN_SAMPLE, with the names the file holds for callers that show them as fields. */
export class UnknownSampleError extends GeneticsInputError {
  /** How many samples the file names (0 for a consumer export or a VCF without sample columns). */
  readonly samplesInFile: number
  /** The first LISTED_SAMPLES of them, each cut to a quotable length. */
  readonly listedSamples: string[]
  /** True when the file names no samples at all, so only leaving the name out can work. */
  readonly namesNone: boolean

  private constructor(message: string, samples: readonly string[]) {
    super('UNKNOWN_SAMPLE', message)
    this.samplesInFile = samples.length
    this.listedSamples = samples.slice(0, LISTED_SAMPLES).map((s) => s.slice(0, QUOTED_NAME_CHARS))
    this.namesNone = samples.length === 0
  }

  /** A consumer export (23andMe, AncestryDNA …) is one person's calls and names no samples. */
  static forConsumerFile(sample: string, format: string): UnknownSampleError {
    return new UnknownSampleError(
      `sample ${quote(sample)} was asked for, but a ${format} file holds one person's calls and names no samples`,
      [],
    )
  }

  /** A VCF (or BCF) whose header does not list the name; names match exactly. */
  static forVcf(sample: string, samples: readonly string[]): UnknownSampleError {
    if (samples.length === 0) {
      return new UnknownSampleError(
        `sample ${quote(sample)} was asked for, but the file names no samples (no sample columns on its #CHROM line)`,
        [],
      )
    }
    const count = samples.length === 1 ? 'its one sample is' : `its ${samples.length} samples are`
    return new UnknownSampleError(
      `sample ${quote(sample)} is not in the file; ${count} ${sampleList(samples)}. Sample names are matched exactly (case and spaces count)`,
      samples,
    )
  }
}
