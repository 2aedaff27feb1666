// Apple Health's export.zip: the export.xml entry is streamed out of the archive straight into the XML
// reader, with a cap on the decompressed size so a crafted archive cannot exhaust memory or time.

import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { tooLarge, unreadable } from '../../imports/problems'

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  )
}

function findExport(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (/(^|\/)export\.xml$/.test(entry.fileName)) resolve(entry)
      else zip.readEntry()
    })
    zip.on('end', () => resolve(null))
    zip.on('error', reject)
    zip.readEntry()
  })
}

/** The decoded text of export.xml, chunk by chunk; throws 422 without one and 413 past `maxBytes`. */
export async function* appleHealthZipChunks(bytes: Uint8Array, maxBytes: number): AsyncIterable<string> {
  let zip: yauzl.ZipFile
  try {
    zip = await openZip(bytes)
  } catch (error) {
    throw unreadable(`The zip archive is damaged: ${(error as Error).message}`)
  }
  try {
    const entry = await findExport(zip).catch((error: Error) => {
      throw unreadable(`The zip archive is damaged: ${error.message}`)
    })
    if (!entry)
      throw unreadable(
        'The zip archive holds no export.xml (an Apple Health export has apple_health_export/export.xml).',
      )
    if (entry.uncompressedSize > maxBytes)
      throw tooLarge(maxBytes, 'The export.xml in the archive, decompressed,')
    const stream: Readable = await zip.openReadStreamPromise(entry).catch((error: Error) => {
      throw unreadable(`export.xml could not be read from the archive: ${error.message}`)
    })
    const decoder = new TextDecoder('utf-8')
    let total = 0
    try {
      for await (const chunk of stream) {
        total += (chunk as Buffer).byteLength
        if (total > maxBytes) throw tooLarge(maxBytes, 'The export.xml in the archive, decompressed,')
        yield decoder.decode(chunk as Buffer, { stream: true })
      }
    } catch (error) {
      stream.destroy()
      if ((error as { status?: number }).status) throw error
      throw unreadable(`export.xml could not be decompressed: ${(error as Error).message}`)
    }
    const rest = decoder.decode()
    if (rest) yield rest
  } finally {
    zip.close()
  }
}
