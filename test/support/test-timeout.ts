// Loaded before every test file (bunfig.toml [test] preload). Bun's own per-test limit is 5 seconds and
// bunfig.toml cannot change it, so `bun test test/modules/<area>` (the targeted run the house rules
// ask for) stopped tests that wait for real work: a graphile-worker job on PostgreSQL, or a 4-second
// test pause, takes longer than 5 s when the machine is loaded. The limit is the one `bun run test`
// passes, for every way of running the suite; tests that wait for a condition carry their own,
// clearer deadline inside it.

import { setDefaultTimeout } from 'bun:test'

export const TEST_TIMEOUT_MS = 60_000

setDefaultTimeout(TEST_TIMEOUT_MS)
