// HTML escaping for the pages the service renders (dashboards, the sign-in link page): every value
// placed in HTML text or a quoted attribute passes through here.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c])
