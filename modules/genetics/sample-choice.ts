// Which person of a genetics file is analysed. A multi-sample VCF (a trio, a family, a joint call) holds
// several people, and findings about the wrong one are worse than none: a sample the caller names must
// be in the file (else the job fails listing the names it does hold), and when none was named the
// result says whose findings these are and how to choose another. Sample names go to the caller who
// uploaded the file, never to the logs.

import type { Detection, GeneticsWarning } from '../../genetics-core'
// Straight from its module, not through ./core: the job maps it before the first file is read.
import { quoteSampleName as quote, UnknownSampleError } from '../../genetics-core/unknown-sample'

/**
 * The job's problem-details fields and wording for a sample the file does not hold: how many samples
 * it has and the first of their names (the core checks the name against the header before the scan).
 */
export function unknownSampleProblem(
  error: unknown,
): { fields: Record<string, unknown>; hint: string } | null {
  if (!(error instanceof UnknownSampleError)) return null
  return {
    fields: { samples_in_file: error.samplesInFile, samples: error.listedSamples },
    // A file naming no one can only be read without a name.
    hint: error.namesNone ? '; upload it again without `sample`' : '',
  }
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
