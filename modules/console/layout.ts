// The console's page shell: one stylesheet, the navigation, the sign-out form, and the response
// headers every console page carries (strict CSP with a per-response script nonce, forms to this
// origin only, no framing, no caching, noindex). Pages pass their own HTML, already escaped.

import { escapeHtml } from '../shared/html'
import { newNonce, pageCsp } from '../shared/security-headers'

export const NAVIGATION = [
  { href: '/console', label: 'Overview' },
  { href: '/console/upload', label: 'Upload' },
  { href: '/console/jobs', label: 'Jobs' },
  { href: '/console/sources', label: 'Sources' },
  { href: '/console/analyses', label: 'Analyses' },
  { href: '/console/keys', label: 'API keys' },
  { href: '/console/wearables', label: 'Wearables' },
  { href: '/console/data', label: 'Export and deletion' },
  { href: '/console/billing', label: 'Billing' },
  { href: '/console/profile', label: 'Profile' },
] as const

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--line:#d0d7de;--accent:#0b5cd5;--card:#f6f8fa;--bad:#b3261e;--ok:#1a7f37}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9da7b3;--line:#30363d;--accent:#6cb6ff;--card:#161b22;--bad:#ff8a80;--ok:#56d364}}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem}
header{border-bottom:1px solid var(--line);padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
header .brand{font-weight:700;margin-right:auto;color:var(--fg);text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
nav a[aria-current=page]{font-weight:700;text-decoration-thickness:2px}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=email],input[type=text],input[type=number],select{font:inherit;padding:.55rem .6rem;border:1px solid var(--muted);border-radius:.4rem;width:100%;max-width:28rem;background:var(--bg);color:var(--fg)}
button,.button{font:inherit;padding:.55rem 1.1rem;border-radius:.4rem;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;text-decoration:none;display:inline-block;margin-top:.5rem}
@media (prefers-color-scheme:dark){button,.button{color:#0d1117}}
button.secondary{background:transparent;color:var(--accent)}
.inline{display:inline}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border-bottom:1px solid var(--line);padding:.45rem .4rem;text-align:left;vertical-align:top}
.table-wrap{overflow-x:auto}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:1rem 0}
.muted{color:var(--muted)}
.error{color:var(--bad);font-weight:600}
.ok{color:var(--ok);font-weight:600}
code,.secret{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
.secret{display:block;max-width:none!important;padding:.6rem;background:var(--bg);border:1px solid var(--line);border-radius:.4rem}
progress{width:100%;height:1.25rem}
.drop{border:2px dashed var(--muted);border-radius:.6rem;padding:1.5rem;text-align:center}
.drop.over{border-color:var(--accent)}
svg text{fill:var(--fg)}
`

export interface PageOptions {
  title: string
  /** The page's main content, already escaped. */
  body: string
  /** Where the person is, for the navigation; absent on the sign-in pages. */
  current?: string
  /** Shows the navigation and the sign-out button. */
  signedIn: boolean
  csrf: string
  /** A script for this page; it runs by nonce. It must not embed request values. */
  script?: string
  status?: number
  setCookies?: (string | null)[]
  /** CSP form-action sources besides this origin (a form whose answer redirects elsewhere). */
  formTargets?: readonly string[]
}

/** A hidden form field with the CSRF token. */
export const csrfField = (csrf: string) => `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`

export function page(options: PageOptions): Response {
  const nonce = newNonce()
  const navigation = options.signedIn
    ? `<nav aria-label="Console"><ul>${NAVIGATION.map(
        (item) =>
          `<li><a href="${item.href}"${item.href === options.current ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a></li>`,
      ).join('')}</ul></nav>
<form method="post" action="/console/sign-out" class="inline">${csrfField(options.csrf)}<button type="submit" class="secondary">Sign out</button></form>`
    : ''
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<meta name="csrf-token" content="${escapeHtml(options.csrf)}">
<title>${escapeHtml(options.title)} · Wellness Data Service</title><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="/console">Wellness Data Service</a>${navigation}</header>
<main id="main"><h1>${escapeHtml(options.title)}</h1>
${options.body}
</main>${options.script ? `<script nonce="${nonce}">${options.script}</script>` : ''}</body></html>`
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
    'content-security-policy': pageCsp({
      scriptNonce: options.script ? nonce : undefined,
      images: 'data',
      forms: 'self',
      formTargets: options.formTargets,
    }),
  })
  for (const c of options.setCookies ?? []) if (c) headers.append('set-cookie', c)
  return new Response(html, { status: options.status ?? 200, headers })
}

/** A 303 to another console page (after a form post), with cookies to set. */
export function redirect(location: string, setCookies: (string | null)[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' })
  for (const c of setCookies) if (c) headers.append('set-cookie', c)
  return new Response(null, { status: 303, headers })
}

/** A message paragraph: errors are announced to screen readers. */
export const notice = (text: string | null, kind: 'error' | 'ok' = 'error') =>
  text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : ''

export const dateTime = (iso: string | null) =>
  iso
    ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 16).replace('T', ' '))} UTC</time>`
    : '—'
