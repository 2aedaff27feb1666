// Types for s3rver (a local S3-compatible server used by the storage tests); it ships none. It is a Koa
// application: `middleware` is Koa's list, which the multipart layer in s3-server.ts joins.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    middleware: ((ctx: any, next: () => Promise<void>) => unknown)[]
    /** Its FilesystemStore; s3rver-durable-writes.ts declares the methods it uses. */
    store: unknown
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
