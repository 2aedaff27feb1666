// Pages for capabilities other issues bring (export and deletion):
// each says plainly that it is not available yet and what will come, so the navigation already has its
// place.

import { page } from '../layout'

const PLACEHOLDERS = {
  '/console/data': {
    title: 'Export and deletion',
    text: 'Downloading all your data and deleting everything held about you are not available yet in the console. Until then the API does both with an API key: GET /users/{user_id}/data/export and POST /users/{user_id}/data/delete (see the README).',
  },
} as const

export type PlaceholderPath = keyof typeof PLACEHOLDERS
export const PLACEHOLDER_PATHS = Object.keys(PLACEHOLDERS) as PlaceholderPath[]

export function placeholderPage(path: PlaceholderPath, csrf: string) {
  const { title, text } = PLACEHOLDERS[path]
  return page({
    title,
    current: path,
    signedIn: true,
    csrf,
    body: `<div class="card"><p><strong>Not available yet.</strong> ${text}</p></div>`,
  })
}
