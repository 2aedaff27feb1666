// The API reference for developers: /docs renders the live /openapi.json with Swagger UI, whose files
// the service serves itself (no CDN). Public, like the document it renders.

import { Type } from '@sinclair/typebox'
import { defineOperation } from '../shared/operation'
import type { DOCS_ASSETS } from './assets'
import { docsExamples } from './examples'
import { docsAsset, docsPage } from './service'

const tags = ['Documentation']

export const docsPageGet = defineOperation(
  {
    id: 'docs.page',
    example: docsExamples['docs.page'],
    method: 'GET',
    path: '/docs',
    summary: 'The API reference, rendered from /openapi.json',
    description:
      'An HTML page running Swagger UI from /docs/assets; every operation shows its request and response example. Scripts carry a per-response nonce; nothing is loaded from another origin.',
    tags,
    grant: null,
    output: Type.String(),
    produces: 'text/html',
  },
  () => docsPage(),
)

/** One route per renderer file, each with its own media type. */
const assetOperation = (
  file: keyof typeof DOCS_ASSETS,
  what: string,
  produces: 'text/css' | 'text/javascript',
) =>
  defineOperation(
    {
      id: `docs.asset.${produces === 'text/css' ? 'stylesheet' : 'script'}`,
      example: docsExamples[produces === 'text/css' ? 'docs.asset.stylesheet' : 'docs.asset.script'],
      method: 'GET',
      path: `/docs/assets/${file}`,
      summary: `The API reference renderer's ${what} (Swagger UI, served from this service)`,
      tags,
      grant: null,
      output: Type.String(),
      produces,
    },
    () => docsAsset(file),
  )

export const docsStylesheetGet = assetOperation('swagger-ui.css', 'stylesheet', 'text/css')
export const docsScriptGet = assetOperation('swagger-ui-bundle.js', 'script', 'text/javascript')

export const docsOperations = [docsPageGet, docsStylesheetGet, docsScriptGet]
