// The native inflater a thread uses for BGZF blocks, chosen once per thread: ISA-L when the system has
// it (the fastest inflater here, its blocks checked with libdeflate's CRC-32: isal-native.ts), else
// libdeflate (which htslib itself uses, libdeflate-native.ts), else none, and callers fall back to
// Bun.gunzipSync. GENETICS_INFLATE=isal, libdeflate or bun pins one (for measurements, and for tests
// that compare them).

import { openIsalGunzip } from './isal-native'
import { openLibdeflateGunzip } from './libdeflate-native'

export interface NativeGunzip {
  /**
   * Inflates one gzip member into out[at, at + size); true only when it produced exactly `size` bytes
   * and its CRC-32 and ISIZE trailer matched.
   */
  gunzipInto(member: Uint8Array, out: Uint8Array, at: number, size: number): boolean
}

export type NativeInflateLibrary = 'isal' | 'libdeflate'

const OPENERS: Record<NativeInflateLibrary, () => NativeGunzip | null> = {
  isal: openIsalGunzip,
  libdeflate: openLibdeflateGunzip,
}

let chosen: { library: NativeInflateLibrary; inflater: NativeGunzip } | null | undefined

/** The thread's native inflater, or null when none can be used on this machine. */
export function nativeGunzip(): NativeGunzip | null {
  if (chosen === undefined) chosen = choose()
  return chosen?.inflater ?? null
}

/** Which library nativeGunzip() uses on this thread (for reports), or null for Bun's own gunzip. */
export function nativeInflateLibrary(): NativeInflateLibrary | null {
  if (chosen === undefined) chosen = choose()
  return chosen?.library ?? null
}

function choose(): { library: NativeInflateLibrary; inflater: NativeGunzip } | null {
  const pinned = process.env.GENETICS_INFLATE
  if (pinned === 'bun') return null
  const candidates: NativeInflateLibrary[] =
    pinned === 'isal' || pinned === 'libdeflate' ? [pinned] : ['isal', 'libdeflate']
  for (const library of candidates) {
    const inflater = openNativeGunzip(library)
    if (inflater) return { library, inflater }
  }
  return null
}

/** One library's inflater (a new one per call), or null when it cannot be loaded. */
export function openNativeGunzip(library: NativeInflateLibrary): NativeGunzip | null {
  return OPENERS[library]()
}
