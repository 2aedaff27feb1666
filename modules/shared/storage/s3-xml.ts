// The small XML documents of S3's multipart API: read a response into a tree of elements (saxes, so
// entities such as the &quot; around ETags are decoded properly) and write the CompleteMultipartUpload body.

import type { SaxesParser } from 'saxes'

// saxes loads with the first S3 multipart answer: a deployment on local disk never needs it.
const saxes = (): { SaxesParser: typeof SaxesParser } => require('saxes')

export interface XmlElement {
  name: string
  text: string
  children: XmlElement[]
}

/** Parse a document; throws an Error naming the problem when it is not well-formed XML. */
export function parseXml(xml: string): XmlElement {
  const parser = new (saxes().SaxesParser)()
  const root: XmlElement = { name: '#document', text: '', children: [] }
  const stack: XmlElement[] = [root]
  let failure: Error | null = null
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: localName(tag.name), text: '', children: [] }
    stack[stack.length - 1].children.push(element)
    stack.push(element)
  })
  parser.on('text', (text) => {
    stack[stack.length - 1].text += text
  })
  parser.on('cdata', (text) => {
    stack[stack.length - 1].text += text
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.on('error', (error) => {
    failure ??= error
  })
  parser.write(xml).close()
  if (failure) throw failure
  const top = root.children[0]
  if (!top) throw new Error('empty XML document')
  return top
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((c) => c.name === name)

/** Text of the first child with this name (trimmed), or undefined when there is none. */
export const childText = (element: XmlElement, name: string): string | undefined =>
  element.children.find((c) => c.name === name)?.text.trim()

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Body of CompleteMultipartUpload: the parts in ascending order with the ETag each UploadPart returned. */
export function completeMultipartXml(parts: readonly { partNumber: number; etag: string }[]): string {
  const body = parts
    .map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`)
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${body}</CompleteMultipartUpload>`
}
