// Run as a child process: `bun test/support/posix-lock-probe.ts FILE BYTE` prints, as JSON, who holds a
// POSIX record lock on that byte of FILE, as the kernel's F_GETLK answers another process (a process
// never sees its own locks this way). Used to prove that SQLite's shared-memory locks survive our code.
// Linux only (struct flock's layout and F_GETLK's number are those of x86-64 and arm64 Linux).

import { dlopen, FFIType, ptr } from 'bun:ffi'
import { openSync } from 'node:fs'

const [file, byte] = process.argv.slice(2)
const F_GETLK = 5
const F_WRLCK = 1
const lockTypes: Record<number, string> = { 0: 'read', 1: 'write', 2: 'none' }

const { symbols } = dlopen('libc.so.6', {
  fcntl: { args: [FFIType.i32, FFIType.i32, FFIType.ptr], returns: FFIType.i32 },
})
const fd = openSync(file!, 'r+')
// struct flock: l_type (i16), l_whence (i16), l_start (i64 at 8), l_len (i64 at 16), l_pid (i32 at 24).
const flock = new DataView(new ArrayBuffer(32))
flock.setInt16(0, F_WRLCK, true)
flock.setInt16(2, 0, true)
flock.setBigInt64(8, BigInt(byte ?? 0), true)
flock.setBigInt64(16, 1n, true)
if (symbols.fcntl(fd, F_GETLK, ptr(flock.buffer)) !== 0) throw new Error('fcntl(F_GETLK) failed')
const type = lockTypes[flock.getInt16(0, true)] ?? 'unknown'
console.log(JSON.stringify({ lock: type, pid: type === 'none' ? null : flock.getInt32(24, true) }))
