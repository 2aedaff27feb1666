// The system's libdeflate (Debian: libdeflate0, which htslib also uses), called through bun:ffi so a
// BGZF block inflates straight into the segment's output buffer. Bun.gunzipSync returns a fresh
// buffer per block that then has to be copied; on the 4.5 M-record WGS file that allocation and copy
// cost more than the inflation itself (genetics-core/OPTIMIZATIONS.md). ISA-L is preferred where the
// system has it (native-inflate.ts chooses).

import { dlopen, FFIType, type Pointer, ptr } from 'bun:ffi'
import type { NativeGunzip } from './native-inflate'

/** libdeflate's result codes (libdeflate.h): only SUCCESS means the output is complete and checked. */
const LIBDEFLATE_SUCCESS = 0

const LIBRARY_NAMES = ['libdeflate.so.0', 'libdeflate.so', 'libdeflate.0.dylib', 'libdeflate.dylib']

/** A CRC-32 over native memory: crc32(initial, pointer, length). */
export type NativeCrc32 = (initial: number, pointer: Pointer, length: number) => number

/**
 * libdeflate's CRC-32 (gzip's), or null when the library cannot be loaded. The ISA-L inflater checks
 * its blocks with it (isal-native.ts says why).
 */
export function openLibdeflateCrc32(): NativeCrc32 | null {
  for (const name of LIBRARY_NAMES) {
    try {
      const lib = dlopen(name, {
        libdeflate_crc32: { args: [FFIType.u32, FFIType.ptr, FFIType.u64], returns: FFIType.u32 },
      })
      return lib.symbols.libdeflate_crc32
    } catch {
      // not this name; try the next
    }
  }
  return null
}

/** libdeflate's gzip inflater (it checks CRC-32 and ISIZE itself), or null when it cannot be loaded. */
export function openLibdeflateGunzip(): NativeGunzip | null {
  for (const name of LIBRARY_NAMES) {
    try {
      const lib = dlopen(name, {
        libdeflate_alloc_decompressor: { args: [], returns: FFIType.ptr },
        libdeflate_gzip_decompress: {
          // decompressor, in, in_nbytes, out, out_nbytes_avail, actual_out_nbytes_ret (NULL: exact)
          args: [FFIType.ptr, FFIType.ptr, FFIType.u64, FFIType.ptr, FFIType.u64, FFIType.ptr],
          returns: FFIType.i32,
        },
      })
      // One decompressor per thread, kept for the thread's life (it holds no per-call state).
      const decompressor = lib.symbols.libdeflate_alloc_decompressor()
      if (!decompressor) continue
      const decompress = lib.symbols.libdeflate_gzip_decompress
      let base: Uint8Array | null = null
      let basePointer = 0 as Pointer
      return {
        gunzipInto(member, out, at, size) {
          if (at < 0 || size < 0 || at + size > out.length || member.length === 0) return false
          // The output buffer is reused for every segment, so its address is looked up once.
          if (out !== base) {
            base = out
            basePointer = ptr(out)
          }
          // With no actual-size pointer, libdeflate succeeds only when the output is exactly size bytes.
          const target = (basePointer + at) as Pointer
          return decompress(decompressor, member, member.length, target, size, null) === LIBDEFLATE_SUCCESS
        },
      }
    } catch {
      // not this name; try the next
    }
  }
  return null
}
