// Which UTF-16 a byte-order mark names. Windows editors and shells save text as UTF-16 with one
// (Notepad's "Unicode", Excel's "Unicode Text", Windows PowerShell's `>`); without a mark UTF-16 is
// only guessed at by detection, to say what the file is.

export type Utf16Encoding = 'utf-16le' | 'utf-16be'

export function utf16ByteOrder(bytes: Uint8Array): Utf16Encoding | null {
  if (bytes.length < 2) return null
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return null
}
