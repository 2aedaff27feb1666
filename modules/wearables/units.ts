// Wearable units as exports write them ("count/min", "bpm", "hr", "kJ", "degF") mapped to UCUM, and
// conversion to a metric's canonical unit through the same UCUM-backed converter biomarkers use.
// Temperature deviations are differences, so degrees Fahrenheit scale by 5/9 with no offset.

import { convert } from '../biomarkers/units'
import type { WearableMetricDefinition } from './types'

const WRITTEN: Record<string, string> = {
  bpm: '/min',
  'count/min': '/min',
  'beats/min': '/min',
  'breaths/min': '/min',
  brpm: '/min',
  rpm: '/min',
  '/min': '/min',
  ms: 'ms',
  s: 's',
  sec: 's',
  secs: 's',
  seconds: 's',
  min: 'min',
  mins: 'min',
  minutes: 'min',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  kcal: 'kcal',
  cal: 'kcal',
  calories: 'kcal',
  kilocalories: 'kcal',
  kj: 'kJ',
  count: '{steps}',
  steps: '{steps}',
  '{steps}': '{steps}',
  '%': '%',
  percent: '%',
  'ml/kg/min': 'mL/(kg.min)',
  'ml/(kg.min)': 'mL/(kg.min)',
  'ml/(kg*min)': 'mL/(kg.min)',
  'ml/kg·min': 'mL/(kg.min)',
  'ml/(kg·min)': 'mL/(kg.min)',
  degc: 'Cel',
  '°c': 'Cel',
  c: 'Cel',
  cel: 'Cel',
  degf: '[degF]',
  '°f': '[degF]',
  f: '[degF]',
  g: 'g',
  mg: 'mg',
  ml: 'mL',
  l: 'L',
  fl_oz_us: '[foz_us]',
  'fl oz': '[foz_us]',
  drinks: '{drinks}',
  score: '{score}',
}

export function wearableUcum(written: string): string {
  const key = written.trim().toLowerCase()
  return WRITTEN[key] ?? written.trim()
}

/** A value in the metric's canonical unit, or an error message. */
export function toMetricUnit(
  metric: WearableMetricDefinition,
  value: number,
  unit: string | null | undefined,
): { value: number } | { error: string } {
  if (!Number.isFinite(value)) return { error: `The value for ${metric.code} is not a number.` }
  const from = unit ? wearableUcum(unit) : metric.unit
  if (from === metric.unit) return { value }
  if (metric.code === 'temperature_deviation' && from === '[degF]') return { value: (value * 5) / 9 }
  // Dimensionless annotations ({steps}, {score}) are all counts of one kind.
  if (from.startsWith('{') && metric.unit.startsWith('{')) return { value }
  const converted = convert({ code: metric.code, unit: metric.unit }, value, from, metric.unit)
  return 'error' in converted ? converted : { value: converted.value }
}
