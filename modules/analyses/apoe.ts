// The APOE ε genotype of a genetics source, for the APOE × LDL/ApoB link: taken from the source's
// annotation details when the genetics job recorded it, otherwise derived from the two defining
// carrier findings (rs429358, rs7412), saying so when a site without a finding is read as reference,
// and saying when either site was imputed or filtered rather than measured (genotype-caveats.ts).

import { apoeFromDosages } from '../../genetics-core/catalog/apoe'
import type { Source } from '../sources/model'
import { apoeCaveat } from './genotype-caveats'
import type { ApoeInput, GeneticFindingInput } from './inputs'

const RS429358 = 'rs429358'
const RS7412 = 'rs7412'

function fromDetails(
  details: Record<string, unknown>,
): { genotype: string; e4: number; e2: number; ambiguous: boolean; note: string; imputed: boolean } | null {
  const apoe = (details.apoe ?? (details.annotation as Record<string, unknown> | undefined)?.apoe) as
    | Record<string, unknown>
    | undefined
  if (!apoe || typeof apoe.genotype !== 'string') return null
  const e4 = Number(apoe.e4Copies ?? apoe.e4_copies)
  const e2 = Number(apoe.e2Copies ?? apoe.e2_copies)
  if (!Number.isInteger(e4) || !Number.isInteger(e2)) return null
  const note = String(apoe.note ?? '')
  return {
    genotype: apoe.genotype,
    e4,
    e2,
    ambiguous: apoe.ambiguous === true,
    note,
    // A site imputed as reference leaves no finding to carry the flag: the genetics job records it on the
    // genotype (`imputed`); sources stored before that flag say it only in the note.
    imputed: apoe.imputed === true || IMPUTED_NOTE.test(note),
  }
}

const IMPUTED_NOTE = /\bimputed\b/i

/**
 * The note with the caveat after it, so whoever shows the note alone says it once. The genetics job's
 * note may already say the genotype was imputed: then only a filtered site is added to it.
 */
function noteWithCaveat(note: string, sites: GeneticFindingInput[], imputedElsewhere: boolean): string {
  const caveat = IMPUTED_NOTE.test(note)
    ? apoeCaveat(
        sites.map((f) => ({ ...f, imputed: false })),
        false,
      )
    : apoeCaveat(sites, imputedElsewhere)
  return caveat ? `${note} ${caveat}` : note
}

export function apoeOfSource(source: Source, findings: GeneticFindingInput[]): ApoeInput | null {
  const sites = findings.filter((f) => f.gene === 'APOE' && (f.rsid === RS429358 || f.rsid === RS7412))
  const recorded = fromDetails(source.details)
  const citations = sites.flatMap((f) => f.citations)
  if (recorded) {
    const imputed = recorded.imputed || sites.some((f) => f.imputed)
    return {
      source_id: source.id,
      genotype: recorded.genotype,
      e4_copies: recorded.e4,
      e2_copies: recorded.e2,
      ambiguous: recorded.ambiguous,
      note: noteWithCaveat(recorded.note, sites, recorded.imputed),
      imputed,
      caveat: apoeCaveat(sites, recorded.imputed),
      finding_ids: sites.map((f) => f.id),
      citations,
    }
  }
  if (sites.length === 0) return null
  const copies = (rsid: string) => sites.find((f) => f.rsid === rsid)?.alt_copies ?? 0
  const derived = apoeFromDosages(copies(RS429358), copies(RS7412))
  const missing = [RS429358, RS7412].filter((rsid) => !sites.some((f) => f.rsid === rsid))
  const note =
    missing.length > 0
      ? `${derived.note} ${missing.join(' and ')} had no carrier finding and is read as reference; if the file did not cover it, the genotype may differ.`
      : derived.note
  return {
    source_id: source.id,
    genotype: derived.genotype,
    e4_copies: derived.e4Copies,
    e2_copies: derived.e2Copies,
    ambiguous: derived.ambiguous || missing.length > 0,
    note: noteWithCaveat(note, sites, false),
    imputed: sites.some((f) => f.imputed),
    caveat: apoeCaveat(sites, false),
    finding_ids: sites.map((f) => f.id),
    citations,
  }
}
