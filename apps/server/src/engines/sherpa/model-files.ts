import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OfflineTtsConfig } from 'sherpa-onnx-node';
import type { ModelFamily } from '../../models/manifest.js';

/** Where a model's own eSpeak data (its `espeak-ng-data` folder) is to be read from instead. */
export type EspeakDataFor = (modelData: string) => Promise<string>;

/**
 * Where each family's files are in sherpa-onnx's published archives, turned into the runtime's
 * configuration. Optional parts (a lexicon, eSpeak's data, extra lexicons of a multi-language
 * Kokoro) are passed only when the folder has them, as the archives differ from model to model.
 */
export async function ttsConfigFor(
  folder: string,
  family: ModelFamily,
  espeakDataFor: EspeakDataFor = async (modelData) => modelData,
): Promise<OfflineTtsConfig> {
  const files = await readdir(folder);
  const find = (pattern: RegExp) => {
    const file = files.find((name) => pattern.test(name));
    return file === undefined ? '' : path.join(folder, file);
  };
  const require = (pattern: RegExp, what: string) => {
    const file = find(pattern);
    if (!file) throw new Error(`${path.basename(folder)} has no ${what}`);
    return file;
  };
  const ownData = path.join(folder, 'espeak-ng-data');
  const dataDir = (await isFolder(ownData)) ? await espeakDataFor(ownData) : '';
  const tokens = find(/^tokens\.txt$/);
  const mainModel = () => find(/^model.*\.onnx$/) || require(/\.onnx$/, 'model (.onnx)');
  const lexicons = files.filter((name) => /^lexicon.*\.txt$/.test(name)).map((name) => path.join(folder, name));
  const common = { numThreads: 1, debug: 0 };

  switch (family) {
    case 'vits':
      return { model: { ...common, vits: { model: mainModel(), tokens, dataDir, lexicon: lexicons.join(',') } } };
    case 'matcha':
      return {
        model: {
          ...common,
          matcha: {
            acousticModel: require(/^(model-steps|acoustic).*\.onnx$/, 'acoustic model'),
            vocoder: require(/^(vocos|hifigan|vocoder).*\.onnx$/, 'vocoder'),
            tokens,
            dataDir,
            lexicon: lexicons.join(','),
          },
        },
      };
    case 'kokoro':
    case 'kitten':
      return {
        model: {
          ...common,
          [family]: {
            model: mainModel(),
            voices: require(/^voices\.bin$/, 'voices.bin'),
            tokens,
            dataDir,
            ...(family === 'kokoro' && lexicons.length > 0 ? { lexicon: lexicons.join(',') } : {}),
          },
        },
      };
    case 'pocket':
      return {
        model: {
          ...common,
          pocket: {
            lmFlow: require(/^lm_flow.*\.onnx$/, 'lm_flow model'),
            lmMain: require(/^lm_main.*\.onnx$/, 'lm_main model'),
            encoder: require(/^encoder.*\.onnx$/, 'encoder'),
            decoder: require(/^decoder.*\.onnx$/, 'decoder'),
            textConditioner: require(/^text_conditioner.*\.onnx$/, 'text conditioner'),
            vocabJson: require(/^vocab\.json$/, 'vocab.json'),
            tokenScoresJson: require(/^token_scores\.json$/, 'token_scores.json'),
          },
        },
      };
    case 'zipvoice':
      return {
        model: {
          ...common,
          zipvoice: {
            tokens,
            encoder: require(/^encoder.*\.onnx$/, 'encoder'),
            decoder: require(/^decoder.*\.onnx$/, 'decoder'),
            vocoder: require(/^(vocos|vocoder).*\.onnx$/, 'vocoder'),
            dataDir,
            lexicon: lexicons.join(','),
          },
        },
      };
    case 'gtcrn':
      throw new Error(`${path.basename(folder)} is a denoiser, not a voice model`);
  }
}

/** The denoiser's model file. */
export async function denoiserFileIn(folder: string): Promise<string> {
  const file = (await readdir(folder)).find((name) => name.endsWith('.onnx'));
  if (!file) throw new Error(`${path.basename(folder)} has no .onnx file`);
  return path.join(folder, file);
}

/** The ONNX file whose metadata describes the model's speakers and language. */
export function metadataFileOf(config: OfflineTtsConfig): string | null {
  for (const family of Object.values(config.model)) {
    if (typeof family !== 'object') continue;
    const file = family.model ?? family.acousticModel ?? family.lmMain ?? family.encoder;
    if (typeof file === 'string' && file) return file;
  }
  return null;
}

export const isFolder = async (folder: string) => (await stat(folder).catch(() => null))?.isDirectory() ?? false;
