// What every parser hands back: the observations it read, the records it saw, what it set aside and
// why. The service stores it as one source.

import type { PersonFacts } from '../profiles/service'
import type { ModalityName } from '../sources/model'
import type { NewObservationInput } from '../sources/service'

export interface ImportWarning {
  code: string
  message: string
  line?: number
}

export interface ParsedImport {
  modality: Exclude<ModalityName, 'genetics'>
  format: string
  /** A provider recognised from the content (`apple_health`, `whoop` ...), used when the request names none. */
  provider?: string | null
  records: number
  observations: NewObservationInput[]
  warnings: ImportWarning[]
  unknown_markers?: string[]
  /** Sex and birth date the file states about its person (Apple Health <Me>), for the profile. */
  person?: PersonFacts | null
}

/** Collects warnings, folding repeats of one kind into a count so a large file cannot flood the answer. */
export class Warnings {
  private readonly list: ImportWarning[] = []
  private readonly counts = new Map<string, number>()

  constructor(private readonly perCode = 20) {}

  add(code: string, message: string, line?: number): void {
    const seen = (this.counts.get(code) ?? 0) + 1
    this.counts.set(code, seen)
    if (seen <= this.perCode) this.list.push(line === undefined ? { code, message } : { code, message, line })
  }

  all(): ImportWarning[] {
    const folded = [...this.counts.entries()]
      .filter(([, n]) => n > this.perCode)
      .map(([code, n]) => ({
        code,
        message: `${n - this.perCode} more warnings of this kind were left out.`,
      }))
    return [...this.list, ...folded]
  }
}
