// The sign-in pages: ask for an e-mail address, then for the 8-digit code it received; and the page an
// e-mailed link opens, where one button finishes signing in. None of them needs a script, and none
// ever shows a token: the link's token goes back in a form field and the session lands in a cookie.

import { escapeHtml } from '../../shared/html'
import { csrfField, notice, page } from '../layout'

/** Where to go after signing in, kept through the sign-in forms (only a console OAuth consent page). */
export const NEXT_PATH = /^\/console\/oauth\/[A-Za-z0-9_-]{10,64}$/
const nextField = (next: string | null | undefined) =>
  next && NEXT_PATH.test(next) ? `<input type="hidden" name="next" value="${escapeHtml(next)}">` : ''

export function emailPage(
  csrf: string,
  options: { error?: string; email?: string; status?: number; next?: string | null } = {},
) {
  return page({
    title: 'Sign in',
    signedIn: false,
    csrf,
    status: options.status,
    body: `${notice(options.error ?? null)}
<p>Enter your e-mail address. We send you an 8-digit code and a sign-in link; no password is needed.
A new address gets a new account.</p>
${options.next && NEXT_PATH.test(options.next) ? '<p>An application asks to connect to your data; sign in first, then you decide what it may do.</p>' : ''}
<form method="post" action="/console/sign-in">${csrfField(csrf)}${nextField(options.next)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}">
<div><button type="submit">Send code</button></div></form>`,
  })
}

export function codePage(
  csrf: string,
  email: string,
  options: { error?: string; status?: number; next?: string | null } = {},
) {
  return page({
    title: 'Enter your code',
    signedIn: false,
    csrf,
    status: options.status,
    body: `${notice(options.error ?? null)}
<p role="status">If <strong>${escapeHtml(email)}</strong> can sign in, an e-mail with an 8-digit code and a
sign-in link is on its way. Type the code here, or open the link on this device.</p>
<form method="post" action="/console/sign-in/code">${csrfField(csrf)}${nextField(options.next)}
<input type="hidden" name="email" value="${escapeHtml(email)}">
<label for="code">8-digit code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{8}" maxlength="8" required>
<div><button type="submit">Sign in</button></div></form>
<p><a href="/console/sign-in">Use another address or send a new code</a></p>`,
  })
}

/**
 * The page the e-mailed link opens. Mail scanners follow links, so opening it does not sign in; the
 * button does. The token (already checked against the minted format) rides in a hidden field.
 */
export function linkPage(
  csrf: string,
  token: string | null,
  options: { error?: string; status?: number } = {},
) {
  const form = token
    ? `<p>Finish signing in to Wellness Data Service on this device.</p>
<form method="post" action="/console/link">${csrfField(csrf)}<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign in</button></form>`
    : `<p>This sign-in link is incomplete. <a href="/console/sign-in">Request a new one</a>.</p>`
  return page({
    title: 'Sign in',
    signedIn: false,
    csrf,
    status: options.status,
    body: `${notice(options.error ?? null)}${options.error ? '<p><a href="/console/sign-in">Request a new code and link</a></p>' : form}`,
  })
}
