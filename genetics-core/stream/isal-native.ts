// Intel's ISA-L inflater (Debian: libisal2), called through bun:ffi like libdeflate-native.ts: a BGZF
// block inflates straight into the segment's output buffer. ISA-L's hand-written x86 inflate is about a
// fifth faster than libdeflate's on BGZF text here (all 8,800 blocks of the 4.5 M-record bench file,
// single thread: 451 ms against 563 ms including the CRC check), and inflating is half of what a scan
// worker does (genetics-core/OPTIMIZATIONS.md). bgzip itself uses libdeflate, which stays the fallback.
//
// ISA-L has no one-call gzip API with a checked trailer that can be driven without knowing its whole
// state struct, so the member is taken apart here: the gzip header is skipped by its own flags, the raw
// deflate data is inflated one-shot (isal_inflate_stateless), and the trailer is checked by us: ISIZE
// against the bytes produced and the CRC-32 (below). Only the first fields of
// `struct inflate_state` are touched (next_out, avail_out, total_out, next_in, avail_in); they have sat
// at the same offsets since ISA-L 2.0 and the library is opened by its ABI name, libisal.so.2. A member
// inflated at load is compared with Bun's own result before ISA-L is used at all.
//
// The CRC-32 is libdeflate's where that library loads, not ISA-L's own: on a CPU with AVX-512, ISA-L's
// crc32_gzip_refl runs its 512-bit version, which returns without `vzeroupper`, so the upper halves of
// the vector registers stay dirty and every legacy-SSE instruction Bun and JSC's compiled code run
// afterwards pays Intel's transition penalty until something clears them. On a Sapphire Rapids-class
// Xeon the whole scan of the bench file took 1.32-1.38 s of wall and 2.4-2.5 s of CPU with ISA-L's CRC,
// 0.81 s and 1.4 s with libdeflate's (compiled code that clears the registers), although ISA-L's CRC
// alone is the faster (574 MB: 49 ms against 72 ms). Without libdeflate, ISA-L's CRC is used.

import { dlopen, FFIType, type Pointer, ptr } from 'bun:ffi'
import { type NativeCrc32, openLibdeflateCrc32 } from './libdeflate-native'
import type { NativeGunzip } from './native-inflate'

const LIBRARY_NAMES = ['libisal.so.2', 'libisal.2.dylib']

/** isal_inflate_stateless's success code (igzip_lib.h ISAL_DECOMP_OK). */
const ISAL_DECOMP_OK = 0
/** Room for `struct inflate_state` (about 90 KB in ISA-L 2.30: Huffman tables and a 64 KiB window). */
const STATE_BYTES = 512 << 10
// Offsets in struct inflate_state (x86-64 and arm64 layouts alike).
const NEXT_OUT = 0
const AVAIL_OUT = 8
const TOTAL_OUT = 12
const NEXT_IN = 16
const AVAIL_IN = 32

/** The ISA-L inflater, or null when the library is missing or fails its check at load. */
export function openIsalGunzip(): NativeGunzip | null {
  const lib = openIsalLibrary()
  if (!lib) return null
  try {
    const inflater = isalGunzip(lib.symbols, blockCrc32(lib.symbols).crc32)
    return passesCheck(inflater) ? inflater : null
  } catch {
    return null // a library that fails its first calls is not used
  }
}

/** Whether the library itself can be opened (whatever its check at load says). */
export function isalInstalled(): boolean {
  const lib = openIsalLibrary()
  lib?.close()
  return lib !== null
}

function openIsalLibrary() {
  for (const name of LIBRARY_NAMES) {
    try {
      return dlopen(name, {
        isal_inflate_init: { args: [FFIType.ptr], returns: FFIType.void },
        isal_inflate_stateless: { args: [FFIType.ptr], returns: FFIType.i32 },
        crc32_gzip_refl: { args: [FFIType.u32, FFIType.ptr, FFIType.u64], returns: FFIType.u32 },
      })
    } catch {
      // not this name; try the next
    }
  }
  return null
}

interface IsalSymbols {
  isal_inflate_init(state: Pointer): void
  isal_inflate_stateless(state: Pointer): number
  crc32_gzip_refl: NativeCrc32
}

/** Which CRC-32 checks the blocks ISA-L inflates: libdeflate's when it loads (see the top of the file). */
function blockCrc32(isal: IsalSymbols): { library: 'libdeflate' | 'isal'; crc32: NativeCrc32 } {
  const libdeflate = openLibdeflateCrc32()
  return libdeflate
    ? { library: 'libdeflate', crc32: libdeflate }
    : { library: 'isal', crc32: isal.crc32_gzip_refl }
}

/** Which library's CRC-32 the ISA-L inflater uses here, or null when ISA-L cannot be opened. */
export function isalBlockCrc32Library(): 'libdeflate' | 'isal' | null {
  const lib = openIsalLibrary()
  if (!lib) return null
  const { library } = blockCrc32(lib.symbols)
  lib.close()
  return library
}

function isalGunzip(isal: IsalSymbols, crc32: NativeCrc32): NativeGunzip {
  // One state per thread, kept for the thread's life: the stateless call resets what it uses.
  const state = new Uint8Array(STATE_BYTES)
  const fields = new DataView(state.buffer)
  const statePointer = ptr(state)
  isal.isal_inflate_init(statePointer)
  let base: Uint8Array | null = null
  let basePointer = 0
  return {
    gunzipInto(member, out, at, size) {
      if (at < 0 || size < 0 || at + size > out.length) return false
      const dataStart = deflateDataStart(member)
      const dataEnd = member.length - 8
      if (dataStart < 0 || dataStart > dataEnd) return false
      if (uint32At(member, dataEnd + 4) !== size) return false
      // The output buffer is reused for every segment, so its address is looked up once.
      if (out !== base) {
        base = out
        basePointer = ptr(out)
      }
      const target = basePointer + at
      setPointer(fields, NEXT_OUT, target)
      fields.setUint32(AVAIL_OUT, size, true)
      setPointer(fields, NEXT_IN, ptr(member) + dataStart)
      fields.setUint32(AVAIL_IN, dataEnd - dataStart, true)
      if (isal.isal_inflate_stateless(statePointer) !== ISAL_DECOMP_OK) return false
      // Exactly ISIZE bytes, every input byte read, and the CRC-32 of what was written.
      if (fields.getUint32(TOTAL_OUT, true) !== size || fields.getUint32(AVAIL_IN, true) !== 0) return false
      const crc = size === 0 ? 0 : crc32(0, target as Pointer, size)
      return crc === uint32At(member, dataEnd)
    },
  }
}

function uint32At(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0
}

/** Writes a native pointer (below 2^53, as bun:ffi hands them out) as 64 little-endian bits. */
function setPointer(view: DataView, offset: number, pointer: number): void {
  view.setUint32(offset, pointer % 2 ** 32, true)
  view.setUint32(offset + 4, Math.floor(pointer / 2 ** 32), true)
}

// Gzip header flags (RFC 1952 2.3.1).
const FHCRC = 2
const FEXTRA = 4
const FNAME = 8
const FCOMMENT = 16
const FRESERVED = 0xe0

/** Where a gzip member's deflate data starts (RFC 1952), or -1 when its header is not one. */
export function deflateDataStart(member: Uint8Array): number {
  if (member.length < 18 || member[0] !== 0x1f || member[1] !== 0x8b || member[2] !== 8) return -1
  const flags = member[3]
  if (flags & FRESERVED) return -1
  let p = 10
  if (flags & FEXTRA) p += 2 + (member[10] | (member[11] << 8))
  if (flags & FNAME) p = afterZero(member, p)
  if (flags & FCOMMENT) p = afterZero(member, p)
  if (flags & FHCRC) p += 2
  return p <= member.length ? p : -1
}

function afterZero(bytes: Uint8Array, from: number): number {
  if (from < 0) return -1
  const zero = bytes.indexOf(0, from)
  return zero < 0 ? -1 : zero + 1
}

/** Inflates a member Bun made and compares: a library whose struct is not laid out as assumed fails here. */
function passesCheck(inflater: NativeGunzip): boolean {
  const text = new TextEncoder().encode('#CHROM\tPOS\tID\tREF\tALT\n'.repeat(200))
  const member = Bun.gzipSync(text)
  const out = new Uint8Array(text.length + 16)
  if (!inflater.gunzipInto(member, out, 8, text.length)) return false
  for (let i = 0; i < text.length; i++) if (out[8 + i] !== text[i]) return false
  // A damaged member must be refused, or the CRC check is not working.
  const damaged = member.slice()
  damaged[damaged.length - 8] ^= 1
  return !inflater.gunzipInto(damaged, out, 8, text.length)
}
