// The page a sign-in link opens. It does not sign in by itself (mail scanners follow links); a button
// posts the token to POST /auth/otp/link and shows the session token and the next step.
// Hardened against a hostile link: the route accepts only a token of the exact format the service mints,
// the page's script reads the token from its own URL (no request value is ever written into the
// script), the one server value in the HTML is escaped for its attribute, and a CSP allows only the
// script carrying this response's nonce and forbids framing.

import { escapeHtml } from '../shared/html'
import { newNonce, pageCsp } from '../shared/security-headers'

/** A link token as `newSecret('')` mints it: 32 random bytes in base64url. */
export const LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'

export function signInLinkPage(baseUrl: string): Response {
  const nonce = newNonce()
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>Sign in · Wellness Data Service</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#1f6feb;color:#fff}
pre{background:#f3f4f6;padding:.8rem;border-radius:.4rem;white-space:pre-wrap;word-break:break-all}</style></head>
<body data-base-url="${escapeHtml(baseUrl)}"><h1>Sign in</h1><p>Finish signing in to Wellness Data Service.</p>
<button id="go">Sign in</button><div id="out"></div>
<script nonce="${nonce}">
document.getElementById('go').addEventListener('click', async () => {
  const out = document.getElementById('out')
  const token = new URLSearchParams(location.search).get('token') || ''
  const r = await fetch('/auth/otp/link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })
  const j = await r.json()
  out.replaceChildren()
  const p = document.createElement('p'), pre = document.createElement('pre')
  if (r.ok) {
    p.textContent = 'Signed in. Your session token (valid until ' + j.expires_at + '); create an API key with it:'
    pre.textContent = 'curl -X POST ' + document.body.dataset.baseUrl + '/api-keys -H "Authorization: Bearer ' + j.access_token + '" -H "content-type: application/json" -d "{}"'
  } else { p.textContent = j.detail || 'Sign-in failed.' }
  out.append(p); if (r.ok) out.append(pre)
})
</script></body></html>`
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'content-security-policy': pageCsp({ scriptNonce: nonce }),
    },
  })
}
