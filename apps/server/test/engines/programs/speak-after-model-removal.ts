// Run by sherpa-espeak-data.test.ts in a process of its own: sherpa-onnx sets eSpeak up once per
// process, so only a fresh process shows which folder the first model gave it.
// `<folder> remove` removes the first model before the second speaks, `<folder> keep` does not.
// Prints one JSON line: the samples each model spoke.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createSherpaEngine } from '../../../src/engines/sherpa/sherpa-engine.js';
import type { SynthesisRequest } from '../../../src/engines/speech-engine.js';
import { LocalStorage } from '../../../src/storage/local-storage.js';
import { installStandIn } from '../../helpers/sherpa-stand-ins/install.js';
import { writeStandInPiperModel } from '../../helpers/sherpa-stand-ins/piper.js';

const [root, mode] = process.argv.slice(2);
if (!root || (mode !== 'remove' && mode !== 'keep')) {
  throw new Error('usage: speak-after-model-removal.ts <empty folder> remove|keep');
}
const modelsDir = path.join(root, 'models');
const engine = createSherpaEngine({ modelsDir, references: new LocalStorage(path.join(root, 'files')), watch: false });

const speak = async (voiceId: string, text: string) => {
  const request: SynthesisRequest = { text, voiceId, modelId: null, speed: 1, pitch: 0, volume: 1, language: null };
  const { audio } = await engine.synthesize(request);
  if (audio.format !== 'pcm16') throw new Error('expected samples');
  return audio.samples.length;
};

await installStandIn(modelsDir, 'vits-piper-en_US-first', 'vits', (folder) =>
  writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
);
const before = await speak('vits-piper-en_US-first.0', 'Good morning.');

// The first model goes (or stays); a model in another language comes, whose eSpeak voice is not read yet.
if (mode === 'remove') await rm(path.join(modelsDir, 'vits-piper-en_US-first'), { recursive: true });
await installStandIn(modelsDir, 'vits-piper-de_DE-second', 'vits', (folder) =>
  writeStandInPiperModel(folder, { language: 'German', espeakVoice: 'de', speakers: 1 }),
);
await engine.reload();
const after = await speak('vits-piper-de_DE-second.0', 'Guten Morgen, wie geht es Ihnen?');

process.stdout.write(`${JSON.stringify({ before, after })}\n`);
await engine.close?.();
