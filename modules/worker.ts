// Queue workers. With QUEUE_DATABASE_URL set, this process runs graphile-worker tasks on PostgreSQL and
// can be started on any number of machines. Without it, the embedded queue runs inside `bun run start`.

import { ConfigError, loadConfig } from './shared/config'

try {
  loadConfig()
  if (!process.env.QUEUE_DATABASE_URL) {
    console.log(
      'No QUEUE_DATABASE_URL: the embedded queue runs inside the service (bun run start); nothing to do here.',
    )
    process.exit(0)
  }
  console.error('QUEUE_DATABASE_URL is set, but this build has no queue tasks yet.')
  process.exit(1)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`)
    process.exit(1)
  }
  throw error
}
