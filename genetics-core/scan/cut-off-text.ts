// Text that stops early: a download or copy cut off in the middle of a line, or one whose space was set
// aside and never filled, so zero bytes follow the last text (what an interrupted download manager or
// a crash while saving leaves). Both are said as such, with "download it again", rather than as a
// malformed row or as binary data. Both are still refused: the rows after the cut are missing, and a
// site among them would read as "not tested".

import { GeneticsInputError } from '../errors'
import { isNonTextControlByte } from '../stream/sniff'

const AGAIN = 'the file looks cut off, as a download or copy that stopped early leaves it; download it again'

/** Problems of a line's fields: on a last line without a line break they mean the text was cut off. */
const FIELD_PROBLEMS = new Set(['COLUMN_COUNT', 'BAD_RECORD', 'BAD_POSITION'])

/**
 * The error to raise when the last line, which had no line break, failed to read: a cut-off file, with
 * the reader's own reason, or the error itself when it is not about the line's fields.
 */
export function cutOffLastLine(error: unknown, zeroFilled: boolean): unknown {
  if (!(error instanceof GeneticsInputError) || !FIELD_PROBLEMS.has(error.code)) return error
  return cutShortLastLine(
    `does not read: ${error.message.replace(/^line \d+: /, '')}`,
    error.line,
    zeroFilled,
  )
}

/**
 * The error to raise when the last line, which had no line break, is not a whole row, with what it
 * lacks (the scanner's reason, e.g. a genotype cut to one letter). Zero bytes after the text say more
 * than what the line lacks: they name how it was left.
 */
export function cutShortLastLine(
  what: string,
  line: number | undefined,
  zeroFilled: boolean,
): GeneticsInputError {
  const reason = zeroFilled
    ? 'zero bytes follow where the rest of the text should be, as when space for a download was set aside and never filled'
    : `it ends without a line break and ${what}`
  return new GeneticsInputError('TRUNCATED_INPUT', `the last line is cut short (${reason}): ${AGAIN}`, line)
}

/**
 * For the start of a file: text, then nothing but zero bytes to the end of what was read. Null when
 * the bytes are not that (binary data has zeros and other bytes mixed in).
 */
export function zeroFilledAfterText(bytes: Uint8Array): GeneticsInputError | null {
  const firstZero = bytes.indexOf(0)
  if (firstZero <= 0) return null
  for (let i = firstZero; i < bytes.length; i++) if (bytes[i] !== 0) return null
  for (let i = 0; i < firstZero; i++) if (isNonTextControlByte(bytes[i])) return null
  return new GeneticsInputError(
    'TRUNCATED_INPUT',
    `the text stops after ${firstZero} bytes and only zero bytes follow, as when space for a download was set aside and never filled: ${AGAIN}`,
  )
}
