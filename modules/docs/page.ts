// The HTML of /docs: Swagger UI rendering this service's live /openapi.json. The renderer's script and
// stylesheet come from /docs/assets (same origin); the one inline script carries the response's nonce.

import { escapeHtml } from '../shared/html'

export function docsPageHtml(nonce: string): string {
  const n = escapeHtml(nonce)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Wellness Data Service API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<style>
/* Darker greys than Swagger UI's own, for WCAG AA contrast on white. */
.swagger-ui .info .title small pre,.swagger-ui .info .title small.version-stamp pre{color:#fff;background:#3b4151}
.swagger-ui .info .title small{background:#3b4151}
.swagger-ui .info .url,.swagger-ui .opblock-description-wrapper p,.swagger-ui .response-col_links,.swagger-ui .parameter__in,.swagger-ui .parameter__type,.swagger-ui .prop-format{color:#3b4151}
.swagger-ui .opblock .opblock-summary-description{color:#1b1f24}
.swagger-ui .info a,.swagger-ui .info .link{color:#0b4f94}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#0b5cad}.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#146c43}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b42318}.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#8a4b00}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0d6e6e}
.swagger-ui .btn.authorize{color:#146c43;border-color:#146c43}.swagger-ui .btn.authorize svg{fill:#146c43}
</style>
</head><body>
<main id="api-reference"><noscript>The interactive reference needs JavaScript; the same content is at <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="/docs/assets/swagger-ui-bundle.js" nonce="${n}"></script>
<script nonce="${n}">
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#api-reference',
  // Deep links put a link inside each operation's toggle button (a nested control screen readers trip on).
  deepLinking: false,
  // No call to the public validator badge service: nothing leaves this origin.
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  onComplete: () => {
    // Swagger UI leaves the server picker without a label.
    document.getElementById('servers')?.setAttribute('aria-label', 'Server')
  },
})
</script>
</body></html>`
}
