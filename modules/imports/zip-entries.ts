// What a zip upload holds, by its entry names only (nothing is inflated): an Apple Health export.zip has
// an export.xml; a consumer DNA test ships its raw data as a zip of one text file. The genetics reader
// then decides by content what that file is.

import yauzl from 'yauzl'
import { unreadable } from './problems'

/** The names of the entries in a zip held in memory; a damaged archive is a 422. */
export function zipEntryNames(bytes: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true },
      (error, zip) => {
        if (error) return reject(unreadable(`The zip archive is damaged: ${error.message}`))
        const names: string[] = []
        zip.on('entry', (entry: yauzl.Entry) => {
          names.push(entry.fileName)
          zip.readEntry()
        })
        zip.on('end', () => resolve(names))
        zip.on('error', (e: Error) => reject(unreadable(`The zip archive is damaged: ${e.message}`)))
        zip.readEntry()
      },
    )
  })
}

/** Apple Health's export.zip holds `apple_health_export/export.xml` (or export.xml at its root). */
export const holdsAppleHealthExport = (names: readonly string[]) =>
  names.some((name) => /(^|\/)export\.xml$/.test(name))
