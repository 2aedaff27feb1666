// Load lab draw sites from a CSV file into the service's database (the one DATABASE_URL / DATA_DIR
// names). Usage: bun run labs:import FILE [--replace]
// Columns: id, name, address, city, country, lat, lon (required); operator, region, postal_code, phone,
// hours, services, source_url, checked_at, synthetic (optional). A bad file is refused whole.

import { readFileSync } from 'node:fs'
import { openDatabase } from '../db/client'
import { importLabSites } from '../modules/providers/import-lab-sites'
import { systemClock } from '../modules/shared/clock'
import { ConfigError, loadConfig } from '../modules/shared/config'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
if (!file) {
  console.error('Usage: bun run labs:import FILE [--replace]')
  process.exit(2)
}
let csv: string
try {
  csv = readFileSync(file, 'utf8')
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`)
  process.exit(1)
}
let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Configuration error: ${error.message}`)
  process.exit(1)
}
const database = await openDatabase(config.databaseUrl, config.databaseAuthToken, config.databaseDriver)
try {
  const outcome = await importLabSites({ db: database.db, clock: systemClock }, csv, {
    replace: args.includes('--replace'),
  })
  if (!outcome.ok) {
    for (const p of outcome.problems)
      console.error(`${file}:${p.line}${p.column ? ` (${p.column})` : ''}: ${p.message}`)
    console.error('Nothing was imported.')
    process.exitCode = 1
  } else {
    console.log(`Imported ${outcome.imported} lab draw sites from ${file}.`)
  }
} finally {
  database.close()
}
