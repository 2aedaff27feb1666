// Runs the local S3 server of s3-server.ts in a process of its own, for tests that block their own
// event loop (README blocks run with spawnSync). Prints `{"endpoint","bucket"}` as one JSON line and
// serves until it is sent SIGTERM.

import { startLocalS3 } from './s3-server'

const s3 = await startLocalS3()
console.log(JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket }))
process.on('SIGTERM', async () => {
  await s3.close()
  process.exit(0)
})
