// The uploaded content as bytes and, when it is text, as a string: from `text` or `data_base64`,
// size-checked against IMPORT_MAX_BYTES, with a UTF-8 byte-order mark dropped; UTF-16 with a
// byte-order mark is read as text too, and lines ending in a bare CR end in LF.

import { utf16ByteOrder } from '../../genetics-core/stream/text-encoding'
import { invalidField, tooLarge } from './problems'

export interface Content {
  bytes: Uint8Array
  /** The content decoded as UTF-8 when it is text; null for binary content. */
  text: string | null
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

export function readContent(body: { text?: string; data_base64?: string }, maxBytes: number): Content {
  return contentOf(readContentBytes(body, maxBytes))
}

/** The uploaded bytes, checked for size and emptiness; decoding them as text is left to `contentOf`. */
export function readContentBytes(
  body: { text?: string; data_base64?: string },
  maxBytes: number,
): Uint8Array {
  const hasText = typeof body.text === 'string'
  const hasBase64 = typeof body.data_base64 === 'string'
  if (hasText && hasBase64)
    throw invalidField('/data_base64', 'Send the content in text or in data_base64, not both.')
  if (!hasText && !hasBase64) throw invalidField('/text', 'Send the content in text or data_base64.')
  let bytes: Uint8Array
  if (hasText) {
    bytes = new TextEncoder().encode(body.text)
  } else {
    const b64 = (body.data_base64 as string).replace(/\s+/g, '')
    if (Math.floor((b64.length * 3) / 4) > maxBytes + 3) throw tooLarge(maxBytes)
    if (!BASE64.test(b64) || b64.length % 4 === 1)
      throw invalidField('/data_base64', 'data_base64 is not valid base64.')
    bytes = new Uint8Array(Buffer.from(b64, b64.includes('-') || b64.includes('_') ? 'base64url' : 'base64'))
  }
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes)
  if (bytes.byteLength === 0 || (hasText && (body.text as string).trim() === '')) {
    throw invalidField(hasText ? '/text' : '/data_base64', 'The content is empty.')
  }
  return bytes
}

/** The bytes with their text form (null for binary content). */
export function contentOf(bytes: Uint8Array): Content {
  return { bytes, text: asText(bytes) }
}

/** UTF-8 text without a byte-order mark, or null when the bytes are not text. */
function asText(bytes: Uint8Array): string | null {
  if (isGzip(bytes) || isZip(bytes)) return null
  let text: string
  // An odd number of bytes cannot be UTF-16 (the decoder drops the mark).
  const utf16 = bytes.length % 2 === 0 ? utf16ByteOrder(bytes) : null
  if (utf16) {
    // Excel's "Unicode Text" and Windows PowerShell's `>` write UTF-16 with a byte-order mark: every
    // other byte of ASCII text is then NUL, which would otherwise make the file look binary.
    try {
      text = new TextDecoder(utf16, { fatal: true }).decode(bytes)
    } catch {
      return null
    }
    return text.includes('\u0000') ? null : withLineFeeds(text)
  }
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // Latin-1 exports exist; anything with NUL bytes is binary.
    if (bytes.includes(0)) return null
    text = new TextDecoder('latin1').decode(bytes)
  }
  if (text.includes('\u0000')) return null
  return withLineFeeds(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
}

/**
 * Lines ending in a bare CR (the classic Mac line end, still written by Excel's "CSV (Macintosh)") get
 * LF, as the genetics reader does; otherwise the whole table is one line.
 */
function withLineFeeds(text: string): string {
  return text.includes('\r') && !text.includes('\n') ? text.replaceAll('\r', '\n') : text
}

export const isGzip = (b: Uint8Array) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b
export const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04
