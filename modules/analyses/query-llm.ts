// Optional phrasing of a grounded answer by a model behind an OpenAI-compatible chat-completions
// endpoint. The model sees only the question and the retrieved statements, is told to use nothing
// else, and must cite statement ids; an answer that cites none, or any failure, falls back to the
// retrieved statements themselves.

import type { Config } from '../shared/config'
import type { QueryStatement } from './query-model'

const SYSTEM = [
  'You phrase answers about a person’s own health data.',
  'Use only the numbered facts given; add no other facts, numbers or advice.',
  'Cite the facts you use as [F1], [F2]. If the facts do not answer the question, say so.',
  'Answer in at most five sentences.',
].join(' ')

export async function phraseWithModel(
  llm: NonNullable<Config['queryLlm']>,
  question: string,
  statements: QueryStatement[],
): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  const facts = statements.map((s) => `[${s.id}] ${s.text}`).join('\n')
  try {
    const response = await fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: `Facts:\n${facts}\n\nQuestion: ${question}` },
        ],
      }),
      signal: AbortSignal.timeout(20_000),
    })
    if (!response.ok) return { ok: false, reason: `the model endpoint answered ${response.status}` }
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] }
    const text = body.choices?.[0]?.message?.content
    if (typeof text !== 'string' || text.trim() === '')
      return { ok: false, reason: 'the model returned no text' }
    const cited = [...text.matchAll(/\[(F\d+)\]/g)].map((m) => m[1])
    const known = new Set(statements.map((s) => s.id))
    if (cited.length === 0 || cited.some((id) => !known.has(id)))
      return { ok: false, reason: 'the model’s answer did not cite the retrieved facts' }
    return { ok: true, text: text.trim() }
  } catch (error) {
    return { ok: false, reason: `the model endpoint could not be reached (${(error as Error).name})` }
  }
}
