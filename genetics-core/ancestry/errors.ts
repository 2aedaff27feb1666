// Typed errors of the ancestry estimate. Messages are written for the person who supplied the data and
// never contain genotypes.

export type AncestryErrorCode =
  | 'ANCESTRY_NO_USABLE_MARKERS'
  | 'ANCESTRY_INVALID_OPTIONS'
  | 'ANCESTRY_INVALID_CALL'

export class AncestryError extends Error {
  override readonly name = 'AncestryError'
  readonly code: AncestryErrorCode

  constructor(code: AncestryErrorCode, message: string) {
    super(message)
    this.code = code
  }
}
