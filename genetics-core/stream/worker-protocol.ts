// Messages between the main thread and the scan workers.

export type WorkerMessage =
  | { type: 'init'; channel: number; mode: 'vcf-scan' | 'allele-keys'; config: unknown }
  | { type: 'job'; channel: number; id: number; buffer: ArrayBuffer; length: number; recycle?: ArrayBuffer[] }

export type WorkerReply =
  | { type: 'result'; id: number; textBytes: number; result: unknown; input: ArrayBuffer }
  | { type: 'error'; id: number; kind: 'inflate' | 'internal'; offset: number; message: string }
