// JavaScriptCore hints for the scanners' hot paths (see genetics-core/OPTIMIZATIONS.md).

import * as jsc from 'bun:jsc'

/**
 * Keeps functions from being inlined into their callers, so that what a rarely taken one touches cannot
 * make JSC throw its hot caller's compiled code away. `noInline` is in bun:jsc at run time, though not
 * in its type declarations; a build without it skips the hint.
 */
export function keepOutOfLine(...functions: (() => void)[]): void {
  const noInline = (jsc as { noInline?: (fn: () => void) => void }).noInline
  for (const fn of functions) noInline?.(fn)
}

/**
 * Detaches one small buffer that has a view, as transferring it to another thread does. Typed-array code
 * JSC compiles before the first detach in a thread assumes none will happen, under a thread-wide
 * watchpoint; the first transfer (a scan worker's first result) then throws away every hot function
 * compiled so far, in the middle of its tier-up: on the bench file, each worker compiled its common-record
 * path twice at the middle tier and abandoned a top-tier compile on one worker in two. Detaching once
 * before any code is hot gives one compile per tier (about 60 ms less compiler CPU per scan).
 */
export function detachOnceBeforeHotCode(): void {
  const view = new Uint8Array(8)
  structuredClone(view.buffer, { transfer: [view.buffer] })
}
