// HTML escaping for the dashboard page: every value from a dashboard spec passes through here.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c])
