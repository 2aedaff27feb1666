// Entry point of the compiled binary: `wellness-data-service` starts the service, `… backup FILE` copies
// the embedded database, `… healthcheck` asks the running service's /health (for container health checks).

const [command, ...args] = process.argv.slice(2)

if (command === 'backup') {
  const { runBackup } = await import('./backup')
  process.exit(await runBackup(args))
} else if (command === 'healthcheck') {
  const { runHealthcheck } = await import('./healthcheck')
  process.exit(await runHealthcheck())
} else if (command !== undefined) {
  console.error(`Unknown command "${command}". Usage: wellness-data-service [backup FILE | healthcheck]`)
  process.exit(2)
} else {
  await import('./server')
}

export {}
