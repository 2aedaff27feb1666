// LOINC codes carry a mod-10 check digit; checking it catches mistyped codes in the catalog and in
// imported FHIR observations.

/** True when `code` has the LOINC form `NNNNN-C` and its check digit is right. */
export function isValidLoinc(code: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(code)
  if (!match) return false
  const digits = match[1].split('').map(Number).reverse()
  let odd = ''
  let even = ''
  digits.forEach((d, i) => {
    if (i % 2 === 0) odd = d + odd
    else even = d + even
  })
  const sum = (String(Number(odd) * 2) + even).split('').reduce((total, c) => total + Number(c), 0)
  return (10 - (sum % 10)) % 10 === Number(match[2])
}
