// Which database client the tests run on: `DATABASE_DRIVER=libsql bun test` runs the suite on
// @libsql/client (in file: mode, the stand-in for a libsql server); by default a file: URL runs on
// bun:sqlite, as the service does.

import type { DriverChoice } from '../../db/client'

export function testDriver(): DriverChoice {
  const chosen = process.env.DATABASE_DRIVER
  if (chosen === undefined || chosen === '' || chosen === 'auto') return 'auto'
  if (chosen === 'libsql' || chosen === 'bun-sqlite') return chosen
  throw new Error(`DATABASE_DRIVER=${chosen}: use auto, bun-sqlite or libsql`)
}
