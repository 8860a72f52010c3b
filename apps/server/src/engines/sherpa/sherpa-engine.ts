import { randomBytes } from 'node:crypto';
import type { FSWatcher } from 'node:fs';
import type { OfflineSpeechDenoiser, OfflineTts, OfflineTtsConfig } from 'sherpa-onnx-node';
import { encodeMp3 } from '../../audio/mp3-stream.js';
import { adjustVoice } from '../../audio/voice-adjust.js';
import { CLONING_FAMILIES, type ModelManifest } from '../../models/manifest.js';
import { type FileStorage, MissingFileError } from '../../storage/file-storage.js';
import { voiceReferenceKey } from '../../storage/keys.js';
import { type EngineLogger, warnCleanupFailed } from '../cleanup-warning.js';
import {
  type ClonedVoice,
  type CloneRequest,
  type EngineCapabilities,
  EngineError,
  type EngineModel,
  type EngineStatus,
  type SpeechEngineV1,
  type SynthesisRequest,
  type SynthesisResult,
} from '../speech-engine.js';
import { sharedEspeakData } from './espeak-data.js';
import { readInstalledModels, watchModelsFolder } from './installed-models.js';
import { denoiserFileIn, metadataFileOf, ttsConfigFor } from './model-files.js';
import { type ModelVoice, voicesOfModel } from './model-voices.js';
import { readOnnxMetadata } from './onnx-metadata.js';
import { probeModel } from './probe.js';
import {
  decodeReference,
  encodeReference,
  MAX_TRANSCRIBED_SECONDS,
  prepareReference,
  type ReferenceAudio,
} from './reference-audio.js';
import { loadSherpa } from './runtime.js';

export const SHERPA_ENGINE_ID = 'sherpa';
const noModels = (modelsDir: string) =>
  `no speech model is installed in ${modelsDir}: see "npm run models -- list", then "npm run models -- install NAME"`;
const UNAVAILABLE_VOICE = 'The selected voice is not available. Please select a different voice.';
/** Neural clones are named by this prefix and a random part; their reference audio is in storage. */
const CLONE_PREFIX = 'sherpa-clone-';
/** A model that has not answered in this long is stuck (ONNX Runtime errors can leave a promise unsettled). */
const GENERATION_TIMEOUT_MS = 180_000;
const MAX_CHARS = 500;
const NEEDS_TRANSCRIPT =
  'The installed cloning model (ZipVoice) needs the transcript of your sample: type exactly what is said in it.';
const TRANSCRIBED_TOO_LONG = `With a transcript, the sample must hold at most ${MAX_TRANSCRIBED_SECONDS} seconds of speech: use a shorter part and its words.`;
const CACHED_REFERENCES = 16;

interface LoadedModel {
  manifest: ModelManifest;
  /** What the runtime was made from, so a stuck runtime can be replaced by a fresh one. */
  config: OfflineTtsConfig;
  tts: OfflineTts;
  voices: ModelVoice[];
  /** One synthesis at a time per model: a runtime instance is not shared between threads. */
  turn: Promise<unknown>;
}

export interface SherpaEngine extends SpeechEngineV1 {
  /** Reads the models folder again: loads new models and drops removed ones. */
  reload(): Promise<void>;
}

/**
 * Neural speech on sherpa-onnx, offline: one engine over every installed model (one runtime
 * instance each). Preset voices come from the multi-voice families (Kokoro, Kitten, Piper/VITS,
 * Matcha); clones speak through a zero-shot family (Pocket TTS) from reference audio kept in the
 * product's storage. Each model is first loaded in a child process, because the runtime exits the
 * process on a model it cannot use; synthesis runs on the runtime's own threads, off the event loop.
 */
export function createSherpaEngine(options: {
  modelsDir: string;
  references: FileStorage;
  watch?: boolean;
  /** How long one synthesis may take before the model counts as stuck (tests shorten it). */
  generationTimeoutMs?: number;
  /** Makes a model's runtime; sherpa-onnx's own by default (tests wrap it to make one hang). */
  createTts?: (config: OfflineTtsConfig) => Promise<OfflineTts>;
  /** Where a reference file a failed clone could not delete is reported. */
  logger?: EngineLogger;
}): SherpaEngine {
  const generationTimeoutMs = options.generationTimeoutMs ?? GENERATION_TIMEOUT_MS;
  const createTts = options.createTts ?? ((config: OfflineTtsConfig) => loadSherpa().OfflineTts.createAsync(config));
  let models = new Map<string, LoadedModel>();
  let denoiser: OfflineSpeechDenoiser | null = null;
  let problems: string[] = [];
  const listeners = new Set<() => void | Promise<void>>();
  const references = new Map<string, ReferenceAudio>();
  let watcher: FSWatcher | null = null;
  let reloading: Promise<void> | null = null;
  let ready: Promise<void> | null = null;

  const presetModels = () => [...models.values()].filter((model) => !CLONING_FAMILIES.has(model.manifest.family));
  const cloningModels = () => [...models.values()].filter((model) => CLONING_FAMILIES.has(model.manifest.family));
  /**
   * The model that clones (or speaks a clone) from this reference: ZipVoice only with the sample's
   * transcript, which it cannot do without, and then before Pocket TTS, which ignores it; otherwise
   * Pocket TTS.
   */
  const cloningModelFor = (transcript: string | undefined) => {
    const usable = cloningModels().filter((model) => model.manifest.family !== 'zipvoice' || Boolean(transcript));
    return usable.find((model) => model.manifest.family === 'zipvoice') ?? usable[0] ?? null;
  };
  const allVoices = () => presetModels().flatMap((model) => model.voices);

  async function loadAll(): Promise<void> {
    const { models: installed, problems: unreadable } = await readInstalledModels(options.modelsDir);
    const next = new Map<string, LoadedModel>();
    const found: string[] = [...unreadable];
    let nextDenoiser: OfflineSpeechDenoiser | null = null;
    for (const { folder, manifest } of installed) {
      const current = models.get(manifest.name);
      if (current && current.manifest.installedAt === manifest.installedAt) {
        next.set(manifest.name, current);
        continue;
      }
      try {
        if (manifest.family === 'gtcrn') {
          const model = await denoiserFileIn(folder);
          await probeModel({ denoiser: model });
          nextDenoiser = new (loadSherpa().OfflineSpeechDenoiser)({ model: { gtcrn: { model }, numThreads: 1 } });
          continue;
        }
        const config = await ttsConfigFor(folder, manifest.family, (modelData) =>
          sharedEspeakData(options.modelsDir, modelData),
        );
        const cloning = CLONING_FAMILIES.has(manifest.family);
        const probe = await probeModel({ config, cloning });
        const tts = await createTts(config);
        const metadataFile = metadataFileOf(config);
        const metadata = metadataFile ? await readOnnxMetadata(metadataFile) : {};
        const voices = cloning ? [] : voicesOfModel(manifest, metadata, probe.numSpeakers);
        next.set(manifest.name, { manifest, config, tts, voices, turn: Promise.resolve() });
      } catch (error) {
        found.push(`${manifest.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    models = next;
    denoiser = nextDenoiser ?? (installed.some((model) => model.manifest.family === 'gtcrn') ? denoiser : null);
    problems = found;
    // Awaited: a reload ends once the studios have been chosen again.
    await Promise.all([...listeners].map((listener) => listener()));
  }

  function reload(): Promise<void> {
    reloading = (reloading ?? Promise.resolve()).then(loadAll, loadAll);
    return reloading;
  }

  function loaded(): Promise<void> {
    ready ??= reload().then(
      () => {
        if (options.watch !== false && watcher === null)
          watcher = watchModelsFolder(options.modelsDir, () => void reload());
      },
      (error: unknown) => {
        // Not kept: a folder that could not be read this time (permissions, a disk hiccup) is read
        // again on the next call instead of failing every call for the life of the server.
        ready = null;
        throw error;
      },
    );
    return ready;
  }

  async function generate(
    model: LoadedModel,
    request: SynthesisRequest,
    speakerId: number,
    reference: ReferenceAudio | null,
  ) {
    // Pocket TTS has no speed control (the runtime ignores it), so its tempo is all done afterwards.
    const speed = model.manifest.family === 'pocket' ? 1 : Math.min(2, Math.max(0.5, request.speed));
    // Kokoro v1.0 speaks several languages and is told which one, by eSpeak's name for it.
    const espeakLang =
      model.manifest.family === 'kokoro'
        ? model.voices.find((voice) => voice.speakerId === speakerId)?.espeakLang
        : undefined;
    const run = () =>
      model.tts.generateAsync({
        text: request.text,
        sid: speakerId,
        speed,
        generationConfig: {
          sid: speakerId,
          speed,
          ...(reference ? { referenceAudio: reference.samples, referenceSampleRate: reference.sampleRate } : {}),
          ...(reference?.transcript ? { referenceText: reference.transcript } : {}),
          ...(espeakLang ? { extra: { lang: espeakLang } } : {}),
        },
      });
    // The next request waits for this one's answer or its timeout, never for a runtime that hangs:
    // after a timeout the model gets a fresh runtime and the stuck one is left to the collector.
    const attempt = async () => {
      try {
        return await withTimeout(run(), generationTimeoutMs);
      } catch (error) {
        if (error instanceof EngineError && error.code === 'timeout') await renew(model);
        throw error;
      }
    };
    const turn = model.turn.then(attempt, attempt);
    model.turn = turn.catch(() => undefined);
    const audio = await turn;
    if (audio.samples.length === 0)
      throw new EngineError('The speech service returned no audio. Please try again.', 'failed');
    const samples = adjustVoice(audio.samples, audio.sampleRate, {
      speed: request.speed / speed,
      pitch: request.pitch,
      volume: request.volume,
    });
    return { samples, sampleRate: audio.sampleRate };
  }

  async function renew(model: LoadedModel): Promise<void> {
    try {
      model.tts = await createTts(model.config);
    } catch (error) {
      problems = [...problems, `${model.manifest.name}: a fresh runtime could not be made (${String(error)})`];
    }
  }

  async function referenceOf(voiceId: string): Promise<ReferenceAudio | null> {
    const cached = references.get(voiceId);
    if (cached) return cached;
    try {
      const stream = await options.references.read(voiceReferenceKey(voiceId));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const reference = decodeReference(Buffer.concat(chunks));
      if (references.size >= CACHED_REFERENCES) references.delete(references.keys().next().value ?? '');
      references.set(voiceId, reference);
      return reference;
    } catch (error) {
      if (error instanceof MissingFileError) return null;
      throw error;
    }
  }

  const engine: SherpaEngine = {
    specificationVersion: 'v1',
    id: SHERPA_ENGINE_ID,
    get defaultModel() {
      return presetModels()[0]?.manifest.name ?? cloningModels()[0]?.manifest.name ?? 'none';
    },
    get capabilities(): EngineCapabilities {
      const languages = new Set([...models.values()].flatMap((model) => model.manifest.languages));
      for (const voice of allVoices()) languages.add(voice.language);
      return {
        presetVoices: presetModels().length > 0,
        cloning: cloningModels().length > 0,
        timestamps: false,
        maxCharsPerRequest: MAX_CHARS,
        rendersPreviews: true,
        noiseReduction: denoiser !== null,
        languages: [...languages].sort(),
      };
    },
    async status(): Promise<EngineStatus> {
      try {
        await loaded();
      } catch (error) {
        return { state: 'down', reason: `the models folder could not be read: ${String(error)}` };
      }
      if (models.size > 0) return { state: 'up' };
      return { state: 'down', reason: problems.length > 0 ? problems.join('; ') : noModels(options.modelsDir) };
    },
    async listVoices() {
      await loaded();
      return allVoices();
    },
    async listModels(): Promise<EngineModel[]> {
      await loaded();
      return [...models.values()].map((model) => ({ id: model.manifest.name, name: model.manifest.title }));
    },
    async synthesize(request): Promise<SynthesisResult> {
      await loaded();
      const warnings: string[] = [];
      let model: LoadedModel | null;
      let speakerId = 0;
      let reference: ReferenceAudio | null = null;
      if (request.voiceId.startsWith(CLONE_PREFIX)) {
        reference = await referenceOf(request.voiceId);
        model = reference ? cloningModelFor(reference.transcript) : null;
        if (!model || !reference) throw new EngineError(UNAVAILABLE_VOICE, 'invalid_voice');
      } else {
        const voice = allVoices().find((candidate) => candidate.id === request.voiceId);
        model = voice ? (models.get(voice.model) ?? null) : null;
        if (!voice || !model) throw new EngineError(UNAVAILABLE_VOICE, 'invalid_voice');
        speakerId = voice.speakerId;
      }
      if (request.modelId && request.modelId !== model.manifest.name) {
        warnings.push(`model ${request.modelId} does not speak this voice; ${model.manifest.name} was used`);
      }
      const audio = await generate(model, request, speakerId, reference);
      return { audio: { format: 'pcm16', ...audio }, segments: [], warnings };
    },
    async cloneVoice(request: CloneRequest): Promise<ClonedVoice> {
      await loaded();
      const transcript = request.transcript?.trim() || undefined;
      if (cloningModels().length === 0) throw new EngineError('Voice cloning is not available.', 'unavailable');
      const model = cloningModelFor(transcript);
      if (!model) throw new EngineError(NEEDS_TRANSCRIPT, 'invalid_input');
      const reference = prepareReference(
        request.sample,
        request.noiseReduction ? denoiser : null,
        model.manifest.family === 'zipvoice' ? transcript : undefined,
      );
      if (reference.samples.length > MAX_TRANSCRIBED_SECONDS * reference.sampleRate)
        throw new EngineError(TRANSCRIBED_TOO_LONG, 'invalid_input');
      const voiceId = `${CLONE_PREFIX}${randomBytes(12).toString('hex')}`;
      const key = voiceReferenceKey(voiceId);
      await options.references.put(key, encodeReference(reference));
      references.set(voiceId, reference);
      let preview: Awaited<ReturnType<typeof generate>>;
      try {
        preview = await generate(
          model,
          { text: request.previewText, voiceId, modelId: null, speed: 1, pitch: 0, volume: 1, language: null },
          0,
          reference,
        );
      } catch (error) {
        // Nothing of a clone that failed is kept: the voice was never handed out.
        references.delete(voiceId);
        await options.references.delete(key).catch((cleanupError: unknown) => {
          warnCleanupFailed(
            options.logger,
            { leftBehind: [key], voiceId },
            cleanupError,
            'a failed clone’s reference audio could not be deleted and was left behind',
          );
        });
        throw error;
      }
      return {
        voiceId,
        name: request.name,
        approximate: false,
        preview: { bytes: await encodeMp3(preview.samples, preview.sampleRate) },
      };
    },
    async deleteVoice(voiceId) {
      references.delete(voiceId);
      await options.references.delete(voiceReferenceKey(voiceId));
    },
    onChange(listener) {
      listeners.add(listener);
    },
    async close() {
      watcher?.close();
      watcher = null;
    },
    reload,
  };
  return engine;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EngineError('Request timed out. Please try again.', 'timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
