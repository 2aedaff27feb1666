// Bun's JSON.parse does not say where a document breaks. When it fails, this small scanner walks the
// text by the JSON grammar and reports the line of the first character that does not fit, so a 422
// can name the line.

export function jsonErrorLine(text: string): number | undefined {
  let i = 0
  let line = 1
  const fail = (): never => {
    throw line
  }
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) {
      if (text[i] === '\n') line++
      i++
    }
  }
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length
    else fail()
  }
  const string = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail()
      i += text[i] === '\\' ? 2 : 1
    }
    if (i >= text.length) fail()
    i++
  }
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))
    if (!m) fail()
    i += (m as RegExpExecArray)[0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        string()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') return void i++
        else fail()
      }
    } else if (c === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') return void i++
        else fail()
      }
    } else if (c === '"') string()
    else if (c === 't') literal('true')
    else if (c === 'f') literal('false')
    else if (c === 'n') literal('null')
    else number()
  }
  try {
    value()
    ws()
    if (i < text.length) fail()
  } catch (at) {
    if (typeof at === 'number') return at
    // Nesting deeper than the stack allows: no line to name.
    if (at instanceof RangeError) return undefined
    throw at
  }
  return line
}
