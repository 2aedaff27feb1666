// The ceiling for bench/http.ts: a bare Bun.serve with bun:sqlite, no framework, doing what an
// authenticated list must do at the least: hash the bearer token (SHA-256), look the key up with the
// service's own join (key, holder, workspace, owner), and list the caller's live sources, newest first,
// as JSON. It reads the service's own database file, so the data has the same shape and size.
// `/health` answers a fixed JSON body: the framework-free floor for a public route; `/document` the
// service's own OpenAPI document, byte for byte: the floor for sending a body of that size.

import { Database } from 'bun:sqlite'

const [path, documentPath] = process.argv.slice(2)
if (!path) throw new Error('usage: bun bench/http-baseline.ts <database file> [document file]')
// The service's own /openapi.json bytes, served as they are: the ceiling for a document of that size.
const document = documentPath ? new Uint8Array(await Bun.file(documentPath).arrayBuffer()) : null
const db = new Database(path, { readwrite: true, create: false })
db.exec('PRAGMA busy_timeout = 5000')

const keyLookup = db.prepare<
  {
    user_id: string
    organization_id: string
    revoked_at: string | null
    expires_at: string | null
    tier: string
  },
  [string]
>(`select k.user_id, k.organization_id, k.revoked_at, k.expires_at, o.tier, h.billing_admin, w.billing_admin as owner_admin
   from api_keys k left join users h on h.id = k.user_id left join organizations o on o.id = k.organization_id
   left join users w on w.id = o.owner_user_id where k.token_hash = ? limit 1`)
const listSources = db.prepare<Record<string, unknown>, [string, string, number]>(
  `select * from sources where organization_id = ? and user_id = ? and deleted_at is null order by id desc limit ?`,
)

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const url = new URL(request.url)
    if (url.pathname === '/health')
      return Response.json({ status: 'ok', version: '0.5.2', uptime_seconds: 1 })
    if (url.pathname === '/document' && document)
      return new Response(document, { headers: { 'content-type': 'application/json' } })
    if (url.pathname === '/sources') {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
      const key = keyLookup.get(new Bun.CryptoHasher('sha256').update(token).digest('hex'))
      if (!key || key.revoked_at) return Response.json({ title: 'Unauthorized' }, { status: 401 })
      const rows = listSources.all(
        key.organization_id,
        key.user_id,
        Number(url.searchParams.get('limit') ?? 20),
      )
      return Response.json({ data: rows, next_cursor: null })
    }
    return new Response('not found', { status: 404 })
  },
})
console.log(JSON.stringify({ port: server.port }))
