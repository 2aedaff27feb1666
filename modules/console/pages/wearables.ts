// Wearable connections in the console: the person's connections (status, last sync) with disconnect,
// the approval page a Health Connect companion app sends them to, and the connection code shown once
// they approved. Codes and credentials are never put in a URL.

import { escapeHtml } from '../../shared/html'
import type { WearableConnection } from '../../wearables/model'
import { csrfField, dateTime, notice, page } from '../layout'

const PROVIDER_NAMES: Record<string, string> = {
  whoop: 'WHOOP',
  oura: 'Oura',
  health_connect: 'Health Connect (companion app)',
}
const nameOf = (provider: string) => PROVIDER_NAMES[provider] ?? provider

export function wearablesPage(
  csrf: string,
  connections: WearableConnection[],
  options: { message?: string; error?: string } = {},
) {
  const rows = connections
    .map(
      (
        c,
      ) => `<tr><td>${escapeHtml(nameOf(c.source_provider))}<br><code>${escapeHtml(c.provider_user_id)}</code></td>
<td>${c.status === 'active' ? 'Active' : 'Needs to be connected again'}</td><td>${dateTime(c.connected_at)}</td><td>${c.last_sync_at ? dateTime(c.last_sync_at) : 'Never'}</td>
<td><form method="post" action="/console/wearables/${escapeHtml(c.source_provider)}/disconnect">${csrfField(csrf)}<button type="submit" class="secondary" aria-label="Disconnect ${escapeHtml(nameOf(c.source_provider))}">Disconnect</button></form></td></tr>`,
    )
    .join('')
  return page({
    title: 'Wearable connections',
    current: '/console/wearables',
    signedIn: true,
    csrf,
    body: `${notice(options.error ?? null)}${notice(options.message ?? null, 'ok')}
<p>Connected accounts and devices send their data here; each sync or upload becomes a source you can analyse.</p>
<h2>Your connections</h2>
${connections.length === 0 ? '<p>No wearable is connected yet.</p>' : `<div class="table-wrap" tabindex="0" role="region" aria-label="Your wearable connections"><table><thead><tr><th scope="col">Provider</th><th scope="col">Status</th><th scope="col">Connected</th><th scope="col">Last sync</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table></div>`}
<h2>Connect</h2>
<div class="card"><p><strong>Health Connect (Android):</strong> open the companion app and choose to connect; it brings you to a page here to approve, then shows you a connection code to type into the app. Or start here and type the code into the app yourself:</p>
<form method="post" action="/console/wearables/health-connect/start">${csrfField(csrf)}<button type="submit">Connect the Health Connect app</button></form></div>
<p class="muted">WHOOP and Oura connect from an app through the API (see the README); with this deployment's own WHOOP credentials, WHOOP sends you back to this page to finish.</p>
<p class="muted">Disconnecting revokes access at the provider where it offers that, deletes the stored tokens, and stops a paired companion app from uploading. Data already synced stays until you delete its source.</p>`,
  })
}

export function healthConnectApprovalPage(csrf: string, request: string, expiresAt: string) {
  return page({
    title: 'Connect the Health Connect app',
    current: '/console/wearables',
    signedIn: true,
    csrf,
    body: `<div class="card"><p>The Health Connect companion app asks to upload your health records from this phone into your account: steps, heart rate, sleep, workouts and the other data you allow it to read on the phone.</p>
<p>It will only be able to <strong>upload</strong>; it cannot read your data here. You can disconnect it at any time on the Wearables page.</p>
<p class="muted">This request expires at ${dateTime(expiresAt)}. Only approve it if you started it yourself.</p>
<form method="post" action="/console/wearables/health-connect/approve">${csrfField(csrf)}<input type="hidden" name="request" value="${escapeHtml(request)}">
<button type="submit">Approve and show the connection code</button></form></div>
<p><a href="/console/wearables">Cancel</a></p>`,
  })
}

export function healthConnectCodePage(
  csrf: string,
  approved: { code: string; expires_at: string; user_id: string; organization_id: string },
) {
  return page({
    title: 'Your connection code',
    current: '/console/wearables',
    signedIn: true,
    csrf,
    body: `<div class="card" role="status"><p>Type this code into the companion app. It works once, until ${dateTime(approved.expires_at)}.</p>
<p class="connection-code"><output id="connection-code" aria-label="Connection code">${escapeHtml(approved.code)}</output></p>
<p class="muted">The app also needs your account: user <code id="connection-user">${escapeHtml(approved.user_id)}</code>, workspace <code id="connection-organization">${escapeHtml(approved.organization_id)}</code>.</p></div>
<p><a href="/console/wearables">Back to your connections</a></p>`,
  })
}
