// Typed errors of genetics-core. Every failure the library reports is one of these two classes, so
// callers (job workers, the CLI, HTTP/MCP mapping) can tell bad input from cancellation and show the
// message as is: messages name the problem and the line, never the genotype data on that line.

/** Machine-readable reasons a genetics input was refused. */
export type GeneticsErrorCode =
  | 'FILE_NOT_FOUND'
  | 'FILE_UNREADABLE'
  | 'EMPTY_FILE'
  | 'NO_RECORDS'
  | 'NO_SAMPLES'
  | 'SOMATIC_CALLS'
  | 'DECOMPRESSION_LIMIT'
  | 'UNRECOGNISED_FORMAT'
  | 'UNSUPPORTED_FORMAT'
  | 'TRUNCATED_INPUT'
  | 'CORRUPT_COMPRESSED_DATA'
  | 'ZIP_ENTRY_INVALID'
  | 'LINE_TOO_LONG'
  | 'MISSING_HEADER'
  | 'BAD_HEADER'
  | 'COLUMN_COUNT'
  | 'BAD_POSITION'
  | 'BAD_RECORD'
  | 'UNKNOWN_SAMPLE'
  | 'BUILD_MISMATCH'
  | 'DBSNP_REFERENCE_INVALID'
  | 'NOT_APPLICABLE'
  | 'MODULE_NOT_AVAILABLE'
  | 'WORKER_FAILED'

/** Bad or unsupported input: the message is written for the person who supplied the file. */
export class GeneticsInputError extends Error {
  override readonly name = 'GeneticsInputError'
  readonly code: GeneticsErrorCode
  /** 1-based line number in the (decompressed) text where the problem was found, when known. */
  readonly line?: number

  constructor(code: GeneticsErrorCode, message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`)
    this.code = code
    if (line !== undefined) this.line = line
  }
}

/** The caller aborted the work through its AbortSignal; workers and files were released. */
export class GeneticsCancelledError extends Error {
  override readonly name = 'GeneticsCancelledError'
  readonly code = 'CANCELLED' as const

  constructor(message = 'genetics processing was cancelled') {
    super(message)
  }
}

/** Throws the typed cancelled error when the signal has fired; called between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new GeneticsCancelledError()
}

/** Narrowing helper for callers mapping errors to responses. */
export function isGeneticsError(error: unknown): error is GeneticsInputError | GeneticsCancelledError {
  return error instanceof GeneticsInputError || error instanceof GeneticsCancelledError
}
