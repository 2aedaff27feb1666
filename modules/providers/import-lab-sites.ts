// Loading an operator's lab draw site file into the database: the service function behind
// `bun run labs:import FILE` (and the tests).

import type { AppContext } from '../shared/context'
import { type LabCsvProblem, readLabSitesCsv } from './lab-csv'
import * as repo from './repo'

export type LabImportOutcome = { ok: true; imported: number } | { ok: false; problems: LabCsvProblem[] }

export async function importLabSites(
  app: Pick<AppContext, 'db' | 'clock'>,
  csv: string,
  options: { replace?: boolean } = {},
): Promise<LabImportOutcome> {
  const read = readLabSitesCsv(csv, app.clock.now().toISOString())
  if (!read.ok) return read
  await repo.saveSites(app.db, read.sites, options.replace ?? false)
  return { ok: true, imported: read.sites.length }
}
