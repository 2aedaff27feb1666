// `bun run check:reliability`: runs the access sweep and the fuzzers (test/security) and prints one line
// per property, taken from the real run, then exits with the tests' status. FUZZ_SEED replays a fuzz run;
// FUZZ_REQUESTS, FUZZ_FILE_MUTATIONS, FUZZ_CLI_FILES and FUZZ_SECONDS make it longer or shorter.

const run = Bun.spawn(['bun', 'test', '--timeout', '300000', 'test/security'], {
  stdout: 'pipe',
  stderr: 'pipe',
  env: process.env,
})
const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()])
const status = await run.exited
const output = `${out}\n${err}`
const figures = output.split('\n').filter((line) => /^(access sweep|fuzz)[ :(]/.test(line))
if (status !== 0) process.stderr.write(output)
console.log(figures.length > 0 ? figures.join('\n') : 'no figures: the security tests did not run')
console.log(status === 0 ? 'reliability: all properties held' : 'reliability: FAILED (output above)')
process.exit(status)

export {}
