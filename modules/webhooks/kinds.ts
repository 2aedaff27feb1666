// The outbound webhook event kinds a workspace can subscribe to, with what each delivery's `data` holds.
// Ids and states only: a receiver reads the record itself through the API with its own key.

export const WEBHOOK_EVENT_KINDS = {
  'genetics.job.finished':
    'A queued genetics analysis ended: data.job_id, data.state (succeeded, failed or cancelled), data.source_id (when it succeeded).',
  'analysis.created': 'An analysis was stored: data.analysis_id and data.kind (multimodal or wearables).',
  'wearable.sync.finished':
    'A wearable sync finished: data.provider, data.source_id and data.observations (how many were stored).',
  'import.stored': 'An import was stored: data.source_id and data.modality.',
} as const

export type WebhookEventKind = keyof typeof WEBHOOK_EVENT_KINDS

export const EVENT_KIND_NAMES = Object.keys(WEBHOOK_EVENT_KINDS) as WebhookEventKind[]
