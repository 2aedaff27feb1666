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
