// What each tag of the API reference groups, shown above its operations in /docs and in /openapi.json.
// A test checks that every tag an operation uses is described here.

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Discovery:
    'What this deployment offers: this OpenAPI document, capabilities, pricing, health and readiness, problem types and the x402 catalogue. Public.',
  'Sign-in and keys':
    'Sign in by e-mail code or link, sessions, API keys (shown once), service tokens for acting for others, and withdrawing every credential.',
  Sandbox: 'A throwaway workspace with demo data and a short-lived token, to try the API without an account.',
  Sources:
    'Every uploaded file or connected feed becomes a source (src_…); its observations carry the values every finding cites.',
  Imports:
    'Upload a lab report, wearable export, behaviour log or genotype file; the format is detected from the content.',
  Trends: 'How each marker moved over time against its reference and optimal ranges.',
  Genetics:
    'Genotype and VCF files: upload sessions for large files, annotation jobs, findings with evidence, and ancestry estimates.',
  Analyses:
    'Source-backed analyses across modalities, action plans with retests, the health context and plain-language questions over your data.',
  Wearables:
    'Connections to WHOOP and Oura by OAuth: start, callback (tokens stored encrypted, never returned), refresh, disconnect and the list of a person’s connections.',
  Goals: 'Personal targets for a marker, tracked against the newest values.',
  Profile:
    'Sex and birth date, each with where it came from (set by you, or read from an Apple Health export or a FHIR Patient); they pick sex- and age-specific ranges.',
  Dashboards:
    'Renderer-neutral dashboard specs, designs, and private dashboard links whose page a person can open on a phone.',
  Privacy:
    'Export everything held about a person (a zip with a manifest, every table, the raw files and a FHIR bundle) and delete it all, with a receipt.',
  Billing:
    'Hosted plans: the subscription status with this month’s quota usage. API key only; off on self-hosted deployments.',
  Webhooks:
    'Outbound webhooks (Builder plan and up): endpoints for event kinds (genetics job finished, analysis created, wearable sync finished, import stored), deliveries signed by the Standard Webhooks scheme and retried with backoff, their status, and replay.',
  Providers:
    'Where to get data: genetic-test providers and their raw-data files, lab draw sites near a place, and the wearable integrations.',
  MCP: 'The Model Context Protocol endpoint: the same operations as tools for an AI client, with the same grants.',
  OAuth:
    'Discovery for OAuth clients: the protected-resource metadata (RFC 9728) of the API and of the MCP endpoint, naming the issuer whose tokens are accepted.',
  Development: 'Helpers served only outside production (the development mail outbox).',
  Documentation: 'This API reference, rendered from /openapi.json with assets served by the service itself.',
}
