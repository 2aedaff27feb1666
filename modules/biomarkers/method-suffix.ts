// Assay-method and calculation qualifiers US reference labs append to a result name: Quest's
// "VITAMIN D,25-OH,TOTAL,IA" (immunoassay) and "TESTOSTERONE, TOTAL, MS" (mass spectrometry), LabCorp's
// "LDL Chol Calc (NIH)" and "VLDL Cholesterol Cal". They say how, not what, so the catalog lookup
// retries without them.

const METHOD_WORDS = new Set([
  'ia',
  'ms',
  'lc/ms/ms',
  'lc/ms',
  'lcms',
  'lcmsms',
  'eclia',
  'cia',
  'cmia',
  'calc',
  'cal',
  'calculated',
  'nih',
  'sampson',
  'martin hopkins',
  'friedewald',
])

/** The name with trailing method qualifiers (comma-, space- or bracket-separated) removed. */
export function withoutMethodSuffix(name: string): string {
  let rest = name.trim()
  for (;;) {
    const m = /[\s,;(]+\(?([A-Za-z/ -]+?)\)?\s*$/.exec(rest)
    if (!m || !METHOD_WORDS.has(m[1].toLowerCase().trim())) return rest
    rest = rest.slice(0, m.index).trim()
  }
}
