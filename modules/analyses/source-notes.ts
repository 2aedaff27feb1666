// What a source says about itself that limits an analysis built on it. A multi-sample VCF (a trio, a
// family) uploaded without `sample` was read for its first person, and a chip's sample that read poorly
// (LOW_CALL_RATE: many rows uncalled) miscalls more of the rest: the genetics job warns on the job and
// the source, but an analysis that folds those findings into the person's own picture must say it too.

import { poorlyCalledWarning } from '../genetics/finding-notice'
import type { Source } from '../sources/model'

export function sourceNotes(sources: Source[]): string[] {
  return sources.flatMap((source) =>
    [firstOfSeveralSamples(source), poorlyCalledSample(source)].filter(
      (note): note is string => note !== null,
    ),
  )
}

function poorlyCalledSample(source: Source): string | null {
  if (source.modality !== 'genetics') return null
  const warning = poorlyCalledWarning(source)
  if (!warning) return null
  // The warning opens with the share ("12.5 % of the file's rows outside Y are no-calls ...").
  const share = /^\d+(\.\d+)? %/.exec(warning.message)?.[0]
  return `Genetics source ${source.id} comes from a sample that read poorly (${share ? `${share} of its rows` : 'many of its rows'} uncalled), so its findings are less certain than usual; a new sample (a re-test with the provider) would settle them.`
}

function firstOfSeveralSamples(source: Source): string | null {
  if (source.modality !== 'genetics') return null
  const details = source.details as Record<string, unknown>
  const count = Number(details.samples_in_file)
  const sample = details.sample
  if (!Number.isInteger(count) || count < 2 || typeof sample !== 'string' || details.sample_requested)
    return null
  return `Genetics source ${source.id} holds ${count} people and its findings are those of "${sample.slice(0, 80)}", the first in the file; if that is not you, upload the file again naming your sample.`
}
