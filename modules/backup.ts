// `bun run backup FILE` (and `wellness-data-service backup FILE`): a consistent online copy of the embedded
// database, safe to take while the service runs. Restore: stop the service, put the copy at
// DATA_DIR/wellness.db (removing wellness.db-wal and wellness.db-shm), start it again.

import { BackupError, backupDatabase } from '../db/backup'
import { ConfigError, loadConfig } from './shared/config'
import { startFailureLine } from './shared/process'

export async function runBackup(args: readonly string[]): Promise<number> {
  const target = args[0]
  if (!target || args.length > 1) {
    console.error('Usage: backup FILE   (writes a consistent copy of the embedded database to a new FILE)')
    return 2
  }
  try {
    const config = loadConfig()
    const result = await backupDatabase(config.databaseUrl, target)
    console.log(`Backed up the database to ${result.path} (${result.bytes} bytes).`)
    return 0
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError)
      console.error(
        error instanceof BackupError ? `Backup failed: ${error.message}` : startFailureLine(error),
      )
    else console.error(startFailureLine(error).replace('Could not start', 'Backup failed'))
    return 1
  }
}

if (import.meta.main) process.exit(await runBackup(process.argv.slice(2)))
