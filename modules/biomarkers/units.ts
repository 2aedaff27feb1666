// Unit conversion for biomarkers through the NLM's UCUM library (@lhncbc/ucum-lhc). Mass ↔ substance
// conversions use the marker's molar mass; the few conversions UCUM cannot derive from the units
// (HbA1c IFCC ↔ NGSP, insulin units ↔ pmol/L, mEq/L of a divalent ion) use the marker's linear rules,
// which are tried first so that, for example, HbA1c in mmol/mol is never read as a plain ratio.

import type { UcumConversion, UcumUtils } from '@lhncbc/ucum-lhc'
import { withConsoleCaptured } from '../shared/console-capture'
import { toUcum } from './lab-units'
import type { BiomarkerDefinition } from './types'

// UCUM builds its unit tables when it loads (a large share of start-up); it loads on the first
// conversion instead. A synchronous require, because conversions are synchronous.
let instance: UcumUtils | undefined
function ucum(): UcumUtils {
  instance ??= (require('@lhncbc/ucum-lhc') as typeof import('@lhncbc/ucum-lhc')).UcumLhcUtils.getInstance()
  return instance
}

export type Converted = { value: number; unit: string }
export type ConversionError = { error: string }

type Convertible = Pick<BiomarkerDefinition, 'code' | 'unit' | 'molar_mass' | 'linear_units'>

/** Round away binary noise from the conversion chain (12 significant digits). */
const tidy = (n: number) => Number(n.toPrecision(12))

function sameUnit(a: string, b: string): boolean {
  return a === b || (a === 'U/L' && b === '[IU]/L') || (a === '[IU]/L' && b === 'U/L')
}

/** Convert a value between two units of one marker. */
export function convert(
  marker: Convertible,
  value: number,
  fromUnit: string,
  toUnit: string,
): Converted | ConversionError {
  if (!Number.isFinite(value)) return { error: `The value ${value} is not a finite number.` }
  const from = toUcum(fromUnit)
  const to = toUcum(toUnit)
  if (!from) return { error: `No unit was given for ${marker.code}.` }
  if (sameUnit(from, to)) return { value, unit: to }
  // Linear rules are stated relative to the canonical unit: canonical = value × factor + offset.
  const fromRule = marker.linear_units?.find((r) => r.unit === from)
  const toRule = marker.linear_units?.find((r) => r.unit === to)
  if (fromRule || toRule) {
    let canonical = value
    if (fromRule) canonical = value * fromRule.factor + (fromRule.offset ?? 0)
    else if (from !== marker.unit) {
      const step = ucumConvert(marker, value, from, marker.unit)
      if ('error' in step) return step
      canonical = step.value
    }
    if (to === marker.unit) return { value: tidy(canonical), unit: to }
    if (toRule) return { value: tidy((canonical - (toRule.offset ?? 0)) / toRule.factor), unit: to }
    return ucumConvert(marker, canonical, marker.unit, to)
  }
  return ucumConvert(marker, value, from, to)
}

/**
 * UCUM refuses to convert arbitrary units such as [IU], even when only the prefix or the volume
 * differs (mIU/L and µIU/mL are the same number). With [IU] on both sides the factor is the same as
 * for grams, so the conversion runs on gram-based stand-ins.
 */
function standIns(from: string, to: string): [string, string] {
  if (from.includes('[IU]') && to.includes('[IU]'))
    return [from.replaceAll('[IU]', 'g'), to.replaceAll('[IU]', 'g')]
  return [from, to]
}

/** No UCUM unit holds whitespace or control characters: such a string is refused before the library sees it. */
const NOT_UCUM = /[\s\p{Cc}\p{Cf}]/u

function refuseBeforeUcum(marker: Convertible, unit: string): ConversionError | null {
  if (!NOT_UCUM.test(unit)) return null
  return {
    error: `The unit given for ${marker.code} holds spaces or control characters, which no UCUM unit has; write it as UCUM or as the lab prints it (e.g. mmol/mol).`,
  }
}

function ucumConvert(
  marker: Convertible,
  value: number,
  fromUnit: string,
  toUnit: string,
): Converted | ConversionError {
  const refused = refuseBeforeUcum(marker, fromUnit) ?? refuseBeforeUcum(marker, toUnit)
  if (refused) return refused
  const [from, to] = standIns(fromUnit, toUnit)
  let result: UcumConversion
  try {
    // The library prints units it cannot parse to the console; that output is captured, never printed.
    result = withConsoleCaptured(() =>
      ucum().convertUnitTo(from, value, to, marker.molar_mass ? { molecularWeight: marker.molar_mass } : {}),
    ).value
  } catch (error) {
    return {
      error: `Cannot convert ${marker.code} from ${fromUnit} to ${toUnit}: ${(error as Error).message}`,
    }
  }
  if (result.status !== 'succeeded' || result.toVal === null || !Number.isFinite(result.toVal)) {
    const why = result.msg.length ? ` (${result.msg.join(' ')})` : ''
    return { error: `Cannot convert ${marker.code} from "${fromUnit}" to "${toUnit}"${why}.` }
  }
  return { value: tidy(result.toVal), unit: toUnit }
}

/** Convert a reported value to the marker's canonical unit. */
export function convertToCanonical(
  marker: Convertible,
  value: number,
  unit: string,
): Converted | ConversionError {
  return convert(marker, value, unit, marker.unit)
}

/** True when a value in this unit can be converted to the marker's canonical unit. */
export function canConvert(marker: Convertible, unit: string): boolean {
  return !('error' in convertToCanonical(marker, 1, unit))
}
