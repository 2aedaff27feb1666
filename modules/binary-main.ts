// Entry point of the compiled binary: `wellness-data-service` starts the service, `… backup FILE` copies
// the embedded database, `… billing-admin grant|revoke EMAIL | list` sets the operator entitlement,
// `… healthcheck` asks the running service's /health (for container health checks).

const [command, ...args] = process.argv.slice(2)

if (command === 'backup') {
  const { runBackup } = await import('./backup')
  process.exit(await runBackup(args))
} else if (command === 'billing-admin') {
  const { runBillingAdmin } = await import('./billing/admin-command')
  process.exit(await runBillingAdmin(args))
} else if (command === 'healthcheck') {
  const { runHealthcheck } = await import('./healthcheck')
  process.exit(await runHealthcheck())
} else if (command !== undefined) {
  console.error(
    `Unknown command "${command}". Usage: wellness-data-service [backup FILE | billing-admin grant|revoke EMAIL | billing-admin list | healthcheck]`,
  )
  process.exit(2)
} else {
  await import('./server')
}

export {}
