// The API reference's renderer, Swagger UI (swagger-ui-dist, Apache-2.0), served from node_modules.
// `with { type: 'file' }` makes `bun build --compile` embed each file in the binary; in development the
// import is the file's path on disk. Either way Bun.file reads it, and nothing comes from a CDN.

import stylesheet from 'swagger-ui-dist/swagger-ui.css' with { type: 'file' }
import bundle from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'file' }

export const DOCS_ASSETS = {
  'swagger-ui-bundle.js': { path: bundle, type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { path: stylesheet, type: 'text/css; charset=utf-8' },
} as const satisfies Record<string, { path: string; type: string }>
