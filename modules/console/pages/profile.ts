// The profile: sex and birth date, which pick sex- and age-specific ranges. Shows each value with where
// it came from (set here, or read from an upload) and lets the person set or clear it; what they set
// always wins over what their data says.

import type { Profile } from '../../profiles/model'
import { escapeHtml } from '../../shared/html'
import { csrfField, notice, page } from '../layout'

function origin(value: Profile['sex'] | Profile['birth_date']): string {
  if (!value)
    return 'Not known: analyses then judge sex- or age-specific markers by the lab’s printed range only.'
  return value.origin.kind === 'user'
    ? 'Set by you.'
    : `Read from your upload (${escapeHtml(value.origin.detail ?? 'a source')}); set it here to override.`
}

export function profilePage(csrf: string, profile: Profile, message: string | null = null) {
  const sex = profile.sex?.value ?? ''
  const option = (value: string, label: string) =>
    `<option value="${value}"${sex === value ? ' selected' : ''}>${label}</option>`
  return page({
    title: 'Profile',
    current: '/console/profile',
    signedIn: true,
    csrf,
    body: `${notice(message, 'ok')}
<p>Some results depend on sex and age (testosterone, HDL, eGFR …). They are used for your analyses, trends and health context, and never shared.</p>
<form method="post" action="/console/profile">${csrfField(csrf)}
<label for="sex">Sex (for reference ranges)</label>
<select id="sex" name="sex">${option('', 'Not set')}${option('female', 'Female')}${option('male', 'Male')}</select>
<p class="muted">${origin(profile.sex)}</p>
<label for="birth-date">Birth date</label>
<input id="birth-date" name="birth_date" type="date" min="1900-01-01" value="${escapeHtml(profile.birth_date?.value ?? '')}">
<p class="muted">${origin(profile.birth_date)}${profile.age_years !== null ? ` Age today: ${profile.age_years}.` : ''}</p>
<div><button type="submit">Save profile</button></div></form>`,
  })
}
