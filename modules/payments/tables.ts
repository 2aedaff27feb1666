// Stored responses of idempotent POSTs: a paid POST (keyed by the caller's Idempotency-Key or by its
// signed payment) and a key-authenticated POST that sent an Idempotency-Key. A retry replays the stored
// response instead of writing twice. Rows carry the caller's user and workspace, so a privacy deletion
// removes them with the rest of the user's data.

import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const idempotentResponses = sqliteTable(
  'idempotent_responses',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    /** The Idempotency-Key sent, or `payment:<hash of the signed payment>`. */
    key: text('key').notNull(),
    /** SHA-256 of the signed payment (hex) for paid requests: a retry of that payment finds this row. */
    payment_hash: text('payment_hash'),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    request_hash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    content_type: text('content_type').notNull(),
    body: text('body').notNull(),
    /** `unsettled`: the work is done and stored but the payment is not settled yet; `complete`. */
    state: text('state', { enum: ['unsettled', 'complete'] }).notNull(),
    /** The PAYMENT-RESPONSE header of a settled payment, replayed with the response. */
    payment_response: text('payment_response'),
    created_at: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotent_responses_user_key').on(t.user_id, t.key),
    uniqueIndex('idempotent_responses_payment').on(t.payment_hash),
    index('idempotent_responses_scope').on(t.organization_id, t.user_id),
  ],
)
