// s3rver 3.7.1 answers UploadPart, PutObject and CompleteMultipartUpload as soon as the body has passed
// through its MD5 transform, while its file stream may still be opening the file or writing the last
// chunks (it resolves on the transform's 'finish', not the file's). A ListParts or GetObject sent right
// after the 200 can then see a part or object of 0 bytes, or a re-sent part cut short, which real S3
// never shows: it is strongly consistent, and an answered PUT is readable. On a busy machine that made
// the S3 upload tests fail with "Part 1 holds 0 bytes". This replaces the two store methods that write
// bytes with ones that answer only after the file is complete, and land it by rename so a part sent
// again replaces the old one whole (never a half-written file in between), as S3 does.

import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** The parts of s3rver's FilesystemStore this file replaces or calls. */
export interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>
  putPart(bucket: string, uploadId: string, partNumber: number | string, content: Readable): Promise<Written>
  putObject(object: {
    bucket: string
    key: string
    metadata: unknown
    content: Readable | Buffer
  }): Promise<Written>
}

interface Written {
  size: number
  md5: string
}

/** Move a finished temporary file over `path` in one step; readers see the old file or the new one. */
async function landAtomically(path: string, write: (temporary: string) => Promise<void>) {
  const temporary = `${path}.writing-${randomUUID()}`
  try {
    await write(temporary)
    await rename(temporary, path)
  } finally {
    await rm(temporary, { force: true })
  }
}

/** Stream the content to `path` through an MD5; resolves once every byte is written to the file. */
async function writeHashed(path: string, content: Readable | Buffer): Promise<Written> {
  const md5 = createHash('md5')
  let size = 0
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  const source = Buffer.isBuffer(content) ? Readable.from([content]) : content
  await landAtomically(path, (temporary) => pipeline(source, hashing, createWriteStream(temporary)))
  return { size, md5: md5.digest('hex') }
}

/** Make the store answer writes only once their bytes are readable (see the header). */
export function answerWritesWhenDurable(store: S3rverStore): void {
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const partPath = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber))
    await mkdir(dirname(partPath), { recursive: true })
    const written = await writeHashed(partPath, content)
    await landAtomically(`${partPath}.md5`, (temporary) => writeFile(temporary, written.md5))
    return written
  }
  // CompleteMultipartUpload assembles through putObject too, and deletes the parts once it returns:
  // now only after they have been read in full.
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object')
    await mkdir(dirname(objectPath), { recursive: true })
    const written = await writeHashed(objectPath, object.content)
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5)
    return written
  }
}
