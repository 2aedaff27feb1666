// Typed error of the compact annotation API: thrown only for arguments of the wrong kind, never for
// odd genotype data (those become per-entry statuses in the result).

export class CompactAnnotationError extends Error {
  readonly code: 'invalid_calls' | 'invalid_build'

  constructor(code: CompactAnnotationError['code'], message: string) {
    super(message)
    this.name = 'CompactAnnotationError'
    this.code = code
  }
}
