// The consent page of the authorization server: an application (an MCP client such as an agent
// platform) asks to use the person's data through /mcp; the page says which application, what each
// requested grant allows, and where the answer goes, with every grant ticked and one button to allow
// and one to deny. The answer redirects to the application, so the page's CSP lets the form go there.

import { type ConsentRequest, redirectTarget, SCOPE_WORDS } from '../../oauth-server/consent'
import { escapeHtml } from '../../shared/html'
import { csrfField, page } from '../layout'

export function consentPage(csrf: string, request: ConsentRequest) {
  const name = escapeHtml(request.clientName)
  const items = request.scopes
    .map(
      (scope) =>
        `<li><input type="checkbox" id="scope-${escapeHtml(scope)}" name="scope" value="${escapeHtml(scope)}" checked>
<label class="inline" for="scope-${escapeHtml(scope)}">${escapeHtml(SCOPE_WORDS[scope] ?? scope)} <code>${escapeHtml(scope)}</code></label></li>`,
    )
    .join('')
  return page({
    title: `Allow ${request.clientName} to use your data?`,
    signedIn: true,
    csrf,
    formTargets: [redirectTarget(request.redirectUri)],
    body: `<p><strong>${name}</strong> asks to use Wellness Data Service as you, through its MCP endpoint${request.clientUri ? ` (<a href="${escapeHtml(request.clientUri)}" rel="noopener noreferrer">${escapeHtml(request.clientUri)}</a>)` : ''}.
It will see only your own data, and only what you allow here.</p>
<form method="post" action="/console/oauth/${escapeHtml(request.uid)}">${csrfField(csrf)}
<fieldset><legend>Allow ${name} to:</legend><ul class="scopes">${items}</ul></fieldset>
<p class="muted">After you answer, your browser goes back to <code>${escapeHtml(request.redirectUri)}</code>.
You can end this access at any time under <a href="/console/keys">API keys</a>, where connected applications are listed.</p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  })
}
