// Serves the API reference: the /docs page with a fresh script nonce and its strict CSP, and the
// renderer's own files, which never change within a release and so may be cached.

import { newNonce, pageCsp } from '../shared/security-headers'
import { DOCS_ASSETS } from './assets'
import { docsPageHtml } from './page'

export function docsPage(): Response {
  const nonce = newNonce()
  return new Response(docsPageHtml(nonce), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': pageCsp({ scriptNonce: nonce, images: 'data', selfStylesheets: true }),
    },
  })
}

export function docsAsset(name: keyof typeof DOCS_ASSETS): Response {
  const asset = DOCS_ASSETS[name]
  return new Response(Bun.file(asset.path), {
    headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' },
  })
}
