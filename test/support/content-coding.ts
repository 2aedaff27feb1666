// Reading response bodies as a client does: bytes as UTF-8 text, and a br or gzip body inflated first.

import { brotliDecompressSync } from 'node:zlib'

export const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

/** The text of a body sent with Content-Encoding `coding` (null: identity). */
export const decode = (bytes: Uint8Array, coding: string | null) =>
  text(
    coding === 'br'
      ? brotliDecompressSync(bytes)
      : coding === 'gzip'
        ? Bun.gunzipSync(bytes as Uint8Array<ArrayBuffer>)
        : bytes,
  )
