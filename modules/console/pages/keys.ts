// API keys: create one (its secret is shown once, on the answer to the form, with a copy button), list
// them without secrets, revoke one. Applications connected through OAuth (MCP clients the person allowed
// on the consent page) are listed below the keys and revoked the same way.

import type { ApiKeySummary } from '../../auth/model'
import type { ConnectedApp } from '../../oauth-server/consent'
import { escapeHtml } from '../../shared/html'
import { csrfField, dateTime, notice, page } from '../layout'

/** Copies the key to the clipboard; the key is read from the page, never written into the script. */
export const COPY_SCRIPT = `
document.querySelectorAll('[data-copy]').forEach((button) => {
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy)
    const status = document.getElementById('copy-status')
    try { await navigator.clipboard.writeText(field.value); status.textContent = 'Copied.' }
    catch { field.select(); status.textContent = 'Select the key and copy it yourself.' }
  })
})`

export interface NewKey {
  api_key: string
  name: string | null
  expires_at: string
}

export function keysPage(
  csrf: string,
  keys: ApiKeySummary[],
  apps: ConnectedApp[],
  options: { created?: NewKey; message?: string; error?: string } = {},
) {
  const appRows = apps
    .map(
      (
        a,
      ) => `<tr><td>${escapeHtml(a.client_name)}</td><td>${a.scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ')}</td>
<td>${dateTime(a.created_at)}</td><td><form method="post" action="/console/connected-apps/${escapeHtml(a.id)}/revoke">${csrfField(csrf)}<button type="submit" class="secondary" aria-label="Revoke ${escapeHtml(a.client_name)}">Revoke</button></form></td></tr>`,
    )
    .join('')
  const created = options.created
    ? `<div class="card" role="status"><h2>Your new API key</h2>
<p>Copy it now: it is shown only once. Anyone who has it can read and change your data until you revoke it.</p>
<label for="new-key">API key${options.created.name ? ` "${escapeHtml(options.created.name)}"` : ''}</label>
<input id="new-key" type="text" readonly class="secret" value="${escapeHtml(options.created.api_key)}">
<button type="button" data-copy="new-key">Copy</button> <span id="copy-status" aria-live="polite"></span>
<p class="muted">Valid until ${dateTime(options.created.expires_at)}. Use it as <code>Authorization: Bearer &lt;key&gt;</code>.</p></div>`
    : ''
  const rows = keys
    .map(
      (
        k,
      ) => `<tr><td>${escapeHtml(k.name ?? '(no name)')}<br><code>${escapeHtml(k.display_prefix)}</code></td>
<td>${escapeHtml(k.status)}</td><td>${dateTime(k.created_at)}</td><td>${dateTime(k.last_used_at)}</td>
<td>${k.status === 'active' ? `<form method="post" action="/console/keys/${escapeHtml(k.id)}/revoke">${csrfField(csrf)}<button type="submit" class="secondary" aria-label="Revoke ${escapeHtml(k.name ?? k.display_prefix)}">Revoke</button></form>` : ''}</td></tr>`,
    )
    .join('')
  return page({
    title: 'API keys',
    current: '/console/keys',
    signedIn: true,
    csrf,
    script: options.created ? COPY_SCRIPT : undefined,
    body: `${notice(options.error ?? null)}${notice(options.message ?? null, 'ok')}${created}
<p>An API key lets your own programs and AI tools use your data through the API. It lasts a year.</p>
<form method="post" action="/console/keys">${csrfField(csrf)}
<label for="key-name">Name (optional)</label><input id="key-name" name="name" type="text" maxlength="100" placeholder="e.g. laptop script">
<div><button type="submit">Create API key</button></div></form>
<h2>Your keys</h2>
${keys.length === 0 ? '<p>No keys yet.</p>' : `<div class="table-wrap" tabindex="0" role="region" aria-label="Your API keys"><table><thead><tr><th scope="col">Key</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table></div>`}
<h2>Connected applications</h2>
<p>Applications you allowed to use your data through the MCP endpoint (for example an AI assistant you added this service to). Revoking one ends its access at once.</p>
${apps.length === 0 ? '<p>None connected.</p>' : `<div class="table-wrap" tabindex="0" role="region" aria-label="Connected applications"><table><thead><tr><th scope="col">Application</th><th scope="col">Allowed</th><th scope="col">Connected</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${appRows}</tbody></table></div>`}`,
  })
}
