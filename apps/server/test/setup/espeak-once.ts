/**
 * sherpa-onnx sets eSpeak up once per process, with the data folder of the first model that needs
 * it, and reads that folder again whenever a voice needs a file it has not loaded yet. Test files
 * that load sherpa models share their worker process, and each deletes the models it made. So
 * before any of them, each worker loads a stand-in Piper voice that lives in the temporary
 * directory for the whole machine, beside the shared eSpeak data: eSpeak's folder then outlives
 * every test, whatever order the files run in.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ttsConfigFor } from '../../src/engines/sherpa/model-files.js';
import { loadSherpa } from '../../src/engines/sherpa/runtime.js';
import { machineFolder } from '../helpers/machine-folder.js';
import { writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';

/** Versioned like the eSpeak data beside it, so a changed stand-in is never reused. */
const ANCHOR = path.join(tmpdir(), 'sayso-test-espeak-anchor-1');

/** The anchor voice's folder, written once per machine. */
const anchorVoice = () =>
  machineFolder(ANCHOR, 'model.onnx', (staging) =>
    writeStandInPiperModel(staging, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
  );

const worker = globalThis as { saysoEspeakAnchored?: Promise<void> };
worker.saysoEspeakAnchored ??= (async () => {
  const config = await ttsConfigFor(await anchorVoice(), 'vits');
  const sherpa = loadSherpa();
  const tts = await sherpa.OfflineTts.createAsync(config);
  // Loading the voice is what sets eSpeak up; one word proves it speaks.
  if (!((await tts.generateAsync({ text: 'Ready.', sid: 0, speed: 1 })).samples.length > 0)) {
    throw new Error('the anchor voice spoke no audio');
  }
})();
await worker.saysoEspeakAnchored;
