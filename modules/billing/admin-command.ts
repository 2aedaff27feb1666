// `bun run billing-admin grant|revoke EMAIL` and `… list` (also `wellness-data-service billing-admin …`):
// the operator's command for the billing_admin entitlement (SPEC "States and transitions"). It is a
// command on the deployment, never an API route, so no token of any kind can grant it. The account's
// workspace then has the effective tier `enterprise` (no checkout, no allowance, no paid-tier checks);
// its grants and the data it can reach do not change.

import { openDatabase } from '../../db/client'
import { type Config, ConfigError, loadConfig } from '../shared/config'
import { startFailureLine } from '../shared/process'
import * as repo from './repo'

const USAGE = 'Usage: billing-admin grant EMAIL | revoke EMAIL | list'

export async function runBillingAdmin(
  args: readonly string[],
  loadDeploymentConfig: () => Readonly<Config> = loadConfig,
): Promise<number> {
  const [action, rawEmail, ...rest] = args
  const needsEmail = action === 'grant' || action === 'revoke'
  if (!(needsEmail || action === 'list') || rest.length > 0 || needsEmail !== Boolean(rawEmail)) {
    console.error(USAGE)
    return 2
  }
  let config: Readonly<Config>
  try {
    config = loadDeploymentConfig()
  } catch (error) {
    console.error(error instanceof ConfigError ? startFailureLine(error) : USAGE)
    return 1
  }
  const database = await openDatabase(config.databaseUrl, config.databaseAuthToken, config.databaseDriver)
  try {
    if (action === 'list') {
      const admins = await repo.listBillingAdmins(database.db)
      for (const admin of admins) console.log(`${admin.email ?? '(no e-mail)'}\t${admin.id}`)
      console.log(`${admins.length} account(s) hold billing_admin.`)
      return 0
    }
    const email = rawEmail!.trim().toLowerCase()
    const account = await repo.setBillingAdmin(database.db, email, action === 'grant')
    if (!account) {
      console.error(`No account with the e-mail ${email}; it must sign in once before it can be granted.`)
      return 1
    }
    console.log(
      action === 'grant'
        ? `Granted billing_admin to ${email} (${account.id}): effective tier enterprise.`
        : `Revoked billing_admin from ${email} (${account.id}): back to its workspace's own tier.`,
    )
    return 0
  } finally {
    database.close()
  }
}

if (import.meta.main) process.exit(await runBillingAdmin(process.argv.slice(2)))
