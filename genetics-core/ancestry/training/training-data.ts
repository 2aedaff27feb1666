// Reads the labelled training data the ancestry model is fitted from: the panel table
// (aisnp_reference_train.tsv: positions in both builds, REF/ALT, published frequencies), the phased
// 1000 Genomes genotypes of the training samples (aisnp.1kg.train.vcf.gz) and their population labels
// (samples.train.tsv). Used by the build and cross-validation scripts and by tests; never at run time.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { PanelMarker } from '../model-file'
import { REFERENCE_POPULATIONS, SUPER_POPULATION_CODES, type SuperPopulationCode } from '../populations'

export const TRAINING_FILES = {
  panel: 'aisnp_reference_train.tsv',
  genotypes: 'aisnp.1kg.train.vcf.gz',
  labels: 'samples.train.tsv',
} as const

export interface TrainingSample {
  id: string
  population: string
  superPopulation: SuperPopulationCode
}

export interface TrainingData {
  /** Panel markers sorted by chromosome and GRCh37 position. */
  markers: PanelMarker[]
  samples: TrainingSample[]
  /** ALT allele dosage (0, 1, 2), sample-major: dosages[s * markers.length + m]. */
  dosages: Uint8Array
  /** The published table's ALT frequencies per group code ('AFR', 'YRI', ...), in `markers` order. */
  publishedFrequencies: Map<string, number[]>
}

export class TrainingDataError extends Error {
  override readonly name = 'TrainingDataError'
}

export function readTrainingData(directory: string): TrainingData {
  const panel = readPanel(readFileSync(join(directory, TRAINING_FILES.panel), 'utf8'))
  const labels = readLabels(readFileSync(join(directory, TRAINING_FILES.labels), 'utf8'))
  const vcfText = gunzipSync(readFileSync(join(directory, TRAINING_FILES.genotypes))).toString('latin1')
  return joinGenotypes(panel, labels, vcfText)
}

interface PanelTable {
  markers: PanelMarker[]
  frequencies: Map<string, number[]>
}

function readPanel(text: string): PanelTable {
  const lines = text.split('\n').filter((line) => line.length > 0 && !line.startsWith('#'))
  const header = lines[0].split('\t')
  const column = (name: string): number => {
    const index = header.indexOf(name)
    if (index < 0) throw new TrainingDataError(`${TRAINING_FILES.panel}: no column ${name}`)
    return index
  }
  const [rsid, panels, chrom, pos37, pos38, ref, alt] = [
    'rsid',
    'panel',
    'chrom',
    'pos_grch37',
    'pos_grch38',
    'ref',
    'alt',
  ].map(column)
  const groups = header.filter((name) => name.endsWith('_AF')).map((name) => name.slice(0, -3))
  const rows = lines.slice(1).map((line, i) => {
    const fields = line.split('\t')
    if (fields.length !== header.length) {
      throw new TrainingDataError(`${TRAINING_FILES.panel} line ${i + 2}: expected ${header.length} columns`)
    }
    const marker: PanelMarker = {
      rsid: fields[rsid],
      chrom: fields[chrom],
      grch37: parsePosition(fields[pos37], i + 2),
      grch38: parsePosition(fields[pos38], i + 2),
      ref: fields[ref],
      alt: fields[alt],
      panels: fields[panels].split(','),
    }
    if (!/^rs\d+$/.test(marker.rsid) || !/^[ACGT]$/.test(marker.ref) || !/^[ACGT]$/.test(marker.alt)) {
      throw new TrainingDataError(`${TRAINING_FILES.panel} line ${i + 2}: not a biallelic SNV with an rsID`)
    }
    return { marker, fields }
  })
  rows.sort(
    (a, b) => chromOrder(a.marker.chrom) - chromOrder(b.marker.chrom) || a.marker.grch37 - b.marker.grch37,
  )
  const frequencies = new Map<string, number[]>()
  for (const group of groups) {
    const index = column(`${group}_AF`)
    frequencies.set(
      group,
      rows.map((row) => Number(row.fields[index])),
    )
  }
  return { markers: rows.map((row) => row.marker), frequencies }
}

function readLabels(text: string): Map<string, TrainingSample> {
  const known = new Map(REFERENCE_POPULATIONS.map((p) => [p.code, p.superPopulation]))
  const lines = text.split('\n').filter((line) => line.length > 0)
  const header = lines[0].split('\t')
  if (header[0] !== 'sample' || header[1] !== 'population' || header[2] !== 'super_population') {
    throw new TrainingDataError(`${TRAINING_FILES.labels}: unexpected header`)
  }
  const labels = new Map<string, TrainingSample>()
  lines.slice(1).forEach((line, i) => {
    const [id, population, superPopulation] = line.split('\t')
    if (known.get(population) !== superPopulation) {
      throw new TrainingDataError(`${TRAINING_FILES.labels} line ${i + 2}: unknown population ${population}`)
    }
    labels.set(id, { id, population, superPopulation: superPopulation as SuperPopulationCode })
  })
  return labels
}

function joinGenotypes(
  panel: PanelTable,
  labels: Map<string, TrainingSample>,
  vcfText: string,
): TrainingData {
  const lines = vcfText.split('\n')
  const headerLine = lines.find((line) => line.startsWith('#CHROM'))
  if (!headerLine) throw new TrainingDataError(`${TRAINING_FILES.genotypes}: no #CHROM header`)
  const sampleIds = headerLine.split('\t').slice(9)
  const samples = sampleIds.map((id) => {
    const label = labels.get(id)
    if (!label) throw new TrainingDataError(`${TRAINING_FILES.genotypes}: sample ${id} has no label`)
    return label
  })
  const markerCount = panel.markers.length
  const markerByRsid = new Map(panel.markers.map((marker, m) => [marker.rsid, m]))
  const dosages = new Uint8Array(samples.length * markerCount)
  const seen = new Uint8Array(markerCount)
  lines.forEach((line, lineIndex) => {
    if (line.length === 0 || line.startsWith('#')) return
    const fields = line.split('\t')
    const m = markerByRsid.get(fields[2])
    const where = `${TRAINING_FILES.genotypes} line ${lineIndex + 1}`
    if (m === undefined) throw new TrainingDataError(`${where}: ${fields[2]} is not a panel marker`)
    const marker = panel.markers[m]
    if (fields[3] !== marker.ref || fields[4] !== marker.alt || Number(fields[1]) !== marker.grch37) {
      throw new TrainingDataError(`${where}: ${marker.rsid} disagrees with the panel table`)
    }
    if (fields.length !== 9 + samples.length) throw new TrainingDataError(`${where}: wrong column count`)
    for (let s = 0; s < samples.length; s++) {
      const gt = fields[9 + s]
      if (!/^[01][|/][01]$/.test(gt)) throw new TrainingDataError(`${where}: unexpected genotype ${gt}`)
      dosages[s * markerCount + m] = (gt[0] === '1' ? 1 : 0) + (gt[2] === '1' ? 1 : 0)
    }
    seen[m] = 1
  })
  const missing = panel.markers.filter((_, m) => seen[m] === 0).map((marker) => marker.rsid)
  if (missing.length > 0) throw new TrainingDataError(`no genotypes for ${missing.join(', ')}`)
  return { markers: panel.markers, samples, dosages, publishedFrequencies: panel.frequencies }
}

/** Dosage row of one training sample. */
export function sampleDosages(data: TrainingData, sample: number): Uint8Array {
  const count = data.markers.length
  return data.dosages.subarray(sample * count, (sample + 1) * count)
}

export function superPopulationIndex(sample: TrainingSample): number {
  return SUPER_POPULATION_CODES.indexOf(sample.superPopulation)
}

function parsePosition(text: string, line: number): number {
  const value = Number(text)
  if (!Number.isInteger(value) || value <= 0) {
    throw new TrainingDataError(`${TRAINING_FILES.panel} line ${line}: bad position ${text}`)
  }
  return value
}

function chromOrder(chrom: string): number {
  const n = Number(chrom)
  return Number.isInteger(n) ? n : 100
}
