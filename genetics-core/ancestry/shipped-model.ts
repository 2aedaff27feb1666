// The model that ships with the library, compiled once on first use. It is imported as a module (not
// read from disk) so it travels inside a `bun build --compile` binary and nothing at run time touches
// the training data.

import modelJson from './ancestry-model.json'
import { type CompiledAncestryModel, compileAncestryModel } from './compiled-model'
import { ANCESTRY_MODEL_FORMAT, type AncestryModelFile } from './model-file'

let compiled: CompiledAncestryModel | null = null

export function shippedModelFile(): AncestryModelFile {
  const file = modelJson as unknown as AncestryModelFile
  if (file.format !== ANCESTRY_MODEL_FORMAT || file.markers.length === 0) {
    throw new Error(`ancestry-model.json is not a ${ANCESTRY_MODEL_FORMAT} file`)
  }
  return file
}

export function shippedModel(): CompiledAncestryModel {
  compiled ??= compileAncestryModel(shippedModelFile())
  return compiled
}
