// The per-test limit for tests that wait for real work (a graphile-worker job on PostgreSQL, an
// analysis, a 4-second test pause): Bun's default is 5 seconds, which a loaded machine exceeds, and
// bunfig.toml cannot change it. `bun run test` passes --timeout 60000; a targeted run
// (`bun test test/modules/<area>`) does not. setDefaultTimeout is per file in Bun, and a preload's call
// reaches only the first file of a run (oven-sh/bun#43787), so each such file calls this at its top.
// Tests that wait for a condition still carry their own, clearer deadline inside this limit.

import { setDefaultTimeout } from 'bun:test'

export const TEST_TIMEOUT_MS = 60_000

/** Give every test of the calling file the limit `bun run test` gives it. */
export function useSuiteTimeout(): void {
  setDefaultTimeout(TEST_TIMEOUT_MS)
}
