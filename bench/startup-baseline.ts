// The start-up baseline of bench/http.ts: the least a compiled Bun binary can do before its first
// /health 200 (no modules, no database). Compiled the same way as ours (bytecode, minified), started the
// same way, in the same run: the machine's own floor for the start-up row.

Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT),
  fetch: () => Response.json({ status: 'ok' }),
})
