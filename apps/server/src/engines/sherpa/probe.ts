import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { OfflineTtsConfig } from 'sherpa-onnx-node';
import { CLONING_FAMILIES, type ModelManifest } from '../../models/manifest.js';
import { denoiserFileIn, ttsConfigFor } from './model-files.js';

const PROBE_TIMEOUT_MS = 120_000;

/**
 * The probe's own program: load the model, speak one word (with a second of reference audio for
 * the cloning families) or clean a second of noise, and print what the runtime reports. It runs
 * in a child process because sherpa-onnx ends the whole process (exit) on a model it cannot use.
 */
const PROBE_PROGRAM = `
const sherpa = require(process.env.SHERPA_MODULE);
const job = JSON.parse(process.env.SHERPA_PROBE);
const second = Float32Array.from({ length: 16000 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 180 * i) / 16000));
(async () => {
  if (job.denoiser) {
    const denoiser = new sherpa.OfflineSpeechDenoiser({ model: { gtcrn: { model: job.denoiser }, numThreads: 1 } });
    const out = denoiser.run({ samples: second, sampleRate: 16000 });
    process.stdout.write(JSON.stringify({ sampleRate: out.sampleRate, numSpeakers: 0 }));
    return;
  }
  const tts = await sherpa.OfflineTts.createAsync(job.config);
  const generationConfig = job.cloning ? { referenceAudio: second, referenceSampleRate: 16000, referenceText: 'hello', speed: 1 } : undefined;
  const audio = await tts.generateAsync({ text: 'Hello.', sid: 0, speed: 1, generationConfig });
  if (!(audio.samples.length > 0)) throw new Error('the model spoke no audio');
  process.stdout.write(JSON.stringify({ sampleRate: tts.sampleRate, numSpeakers: tts.numSpeakers }));
})().catch((error) => { process.stderr.write(String(error && error.message || error)); process.exit(3); });
`;

export interface ProbeResult {
  sampleRate: number;
  numSpeakers: number;
}

export type ProbeTarget = { config: OfflineTtsConfig; cloning: boolean } | { denoiser: string };

/** Loads and tries a model in a child process; rejects with the runtime's own words when it fails. */
export function probeModel(target: ProbeTarget): Promise<ProbeResult> {
  const sherpaModule = createRequire(import.meta.url).resolve('sherpa-onnx-node');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', PROBE_PROGRAM],
      {
        env: { ...process.env, SHERPA_MODULE: sherpaModule, SHERPA_PROBE: JSON.stringify(target) },
        timeout: PROBE_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve(JSON.parse(stdout) as ProbeResult);
          return;
        }
        // The runtime logs why it gave up as its last words before exiting.
        const said = stderr.trim().split('\n').at(-1) || error.message;
        reject(new Error(`the model did not load: ${said.trim().slice(0, 300)}`));
      },
    );
  });
}

/**
 * The model manager's check before a model becomes installed: the staged folder must load and
 * speak (or clean audio) in the runtime, so an archive the runtime cannot use is refused whole.
 */
export async function verifyModelLoads(folder: string, manifest: ModelManifest): Promise<void> {
  if (manifest.family === 'gtcrn') {
    await probeModel({ denoiser: await denoiserFileIn(folder) });
    return;
  }
  await probeModel({
    config: await ttsConfigFor(folder, manifest.family),
    cloning: CLONING_FAMILIES.has(manifest.family),
  });
}
