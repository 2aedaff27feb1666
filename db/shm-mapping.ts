// A read-only shared mapping of the first bytes of a file, on a descriptor the caller keeps open, through
// libc's mmap (bun:ffi). Bun.mmap would be simpler, but it closes the descriptor it opens, and for the
// `-shm` file of a SQLite database that drops SQLite's locks (see commit-watch.ts). Null when libc cannot
// be loaded (not glibc Linux, say) or the file is shorter than asked: touching a mapped page past the end
// of a file raises SIGBUS, and SQLite never shrinks `-shm` while a connection holds the database open.

import { fstatSync } from 'node:fs'

export interface HeaderMapping {
  /** The mapped bytes as 32-bit words, read live from the file's shared pages. */
  words: Uint32Array
  /** Release the mapping; `words` must not be read afterwards. */
  unmap(): void
}

const PROT_READ = 1
const MAP_SHARED = 1

type Libc = {
  mmap: (addr: null, length: number, prot: number, flags: number, fd: number, offset: number) => unknown
  munmap: (addr: number, length: number) => number
  toArrayBuffer: (pointer: number, offset: number, length: number) => ArrayBuffer
}

let libc: Libc | null | undefined

/** libc's mmap and munmap, loaded on first use; null where they cannot be. */
function loadLibc(): Libc | null {
  if (libc !== undefined) return libc
  libc = null
  if (process.platform !== 'linux') return libc
  try {
    const ffi = require('bun:ffi') as typeof import('bun:ffi')
    const { FFIType } = ffi
    const { symbols } = ffi.dlopen('libc.so.6', {
      mmap: {
        args: [FFIType.ptr, FFIType.u64, FFIType.i32, FFIType.i32, FFIType.i32, FFIType.i64],
        returns: FFIType.ptr,
      },
      munmap: { args: [FFIType.ptr, FFIType.u64], returns: FFIType.i32 },
    })
    libc = {
      mmap: symbols.mmap as unknown as Libc['mmap'],
      munmap: symbols.munmap as unknown as Libc['munmap'],
      toArrayBuffer: ffi.toArrayBuffer as unknown as Libc['toArrayBuffer'],
    }
  } catch {
    libc = null
  }
  return libc
}

/** Map the first `length` bytes (a multiple of 4) of the file open as `fd`, or null (see above). */
export function mapHeader(fd: number, length: number): HeaderMapping | null {
  const c = loadLibc()
  if (!c) return null
  try {
    if (fstatSync(fd).size < length) return null
  } catch {
    return null
  }
  const address = c.mmap(null, length, PROT_READ, MAP_SHARED, fd, 0)
  // A pointer comes back as a number; MAP_FAILED ((void *) -1) does not fit one and comes back as a bigint.
  if (typeof address !== 'number' || address === 0) return null
  let mapped = true
  return {
    words: new Uint32Array(c.toArrayBuffer(address, 0, length)),
    unmap() {
      if (!mapped) return
      mapped = false
      c.munmap(address, length)
    },
  }
}
