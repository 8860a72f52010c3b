import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Studio } from '@sayso/contract/site';
import type {
  CloneSpeechRequest,
  Model,
  Preferences,
  PreferencesUpdate,
  PresetSpeechRequest,
  SubmittedTask,
  TaskView,
  Voice,
} from '@sayso/contract/speech';
import type { Kysely } from 'kysely';
import type { Database, SpeechSettingsJson } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { EngineError, type SpeechEngineV1 } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { ByteRange, FileStorage } from '../../storage/file-storage.js';
import { presetPreviewKey, type TaskFileKind } from '../../storage/keys.js';
import { creditCost } from '../accounts/index.js';
import type { PronunciationService, SpokenText } from '../pronunciation/index.js';
import { findClonedVoice } from '../voices/index.js';
import { fileKindFromName, verifyFileSignature } from './file-urls.js';
import { checkSubmissionLimits, type SpeechLimits } from './limits.js';
import { findPreferences, savePreferences } from './preferences-repository.js';
import { previewTextFor } from './preview-texts.js';
import { renderSpeech } from './render.js';
import { findPolledTask, findTask, listUserTasks, queuePosition, type SpeechTask } from './repository.js';
import { SPEECH_JOB_OPTIONS } from './speech-queue.js';
import { createTask } from './task-lifecycle.js';
import { taskView } from './task-view.js';
import { clampSettings, DEMO_MAX_TEXT_LENGTH } from './validation.js';
import { modelView, voiceView } from './voice-view.js';

export interface SpeechServiceDeps {
  db: Kysely<Database>;
  engines: EngineRegistry;
  jobs: JobQueue;
  storage: FileStorage;
  limits: SpeechLimits;
  /** Signs the capability URLs of task files. */
  fileSecret: string;
  publicUrl: string;
  /** Applies the pronunciation dictionaries a studio request names. */
  pronunciation: PronunciationService;
}

/** Who is asking: a signed-in user (null for an anonymous caller) and the address they came from. */
export interface Caller {
  userId: string | null;
  ip: string;
}

/** A task's stored file, found behind a valid signed link. */
export interface TaskFile {
  kind: TaskFileKind;
  /** Where the file is stored, for a redirect to the bucket (S3_SERVE=redirect). */
  key: string;
  size: number;
  read(range?: ByteRange): Promise<Readable>;
}

/** The engine a task will run on: its id is stored with the task; its default model fills a missing one. */
interface Speaker {
  engineId: string;
  defaultModel: string | null;
}

interface Submission {
  studio: Studio;
  speaker: Speaker;
  text: string;
  voiceId: string;
  modelId: string | undefined;
  settings: SpeechSettingsJson;
  /** Pronunciation dictionaries to apply, and whose they are; credits are counted on `text` as sent. */
  dictionaries?: { userId: string; ids: string[] } | undefined;
}

const speakerOf = (engine: SpeechEngineV1): Speaker => ({ engineId: engine.id, defaultModel: engine.defaultModel });

/**
 * A provider that cannot list its voices or models is a bad gateway (504 when it timed out), not
 * our fault: the web app then shows its built-in lists, as the spec's fallback asks.
 */
function catalogueFailure(error: unknown): never {
  if (!(error instanceof EngineError)) throw error;
  throw new AppError(
    error.code === 'timeout' ? 'PROVIDER_CATALOGUE_TIMEOUT' : 'PROVIDER_CATALOGUE_FAILED',
    error.message,
  );
}

/**
 * The speech rules: who may submit what (the free demo, sessions, voices a studio or a user has),
 * what it costs, the task's life from submission to its files, preset voices and their previews,
 * and the preferred voice.
 */
export class SpeechService {
  constructor(private readonly deps: SpeechServiceDeps) {}

  /** POST /api/tts: the clone studio, and the landing page's demo. */
  async submitCloneSpeech(caller: Caller, request: CloneSpeechRequest): Promise<SubmittedTask> {
    // The route's schema (the contract's) has checked text and voice with the spec's messages.
    const { text } = request;
    const voiceId = request.voice_setting.voice_id;
    const settings = {
      ...clampSettings(request.voice_setting),
      language: request.language_boost ?? 'Auto',
      withTranscript: request.with_transcript ?? false,
      ...(request.receive_url ? { receiveUrl: request.receive_url } : {}),
      ...(request.receive_url && caller.userId ? { callbackSignerId: caller.userId } : {}),
    };
    const modelId = request.model?.trim() || undefined;
    // The landing demo (a demo voice, at most 150 characters) is free and anonymous, signed in or
    // not; its tasks belong to no one and are readable by id. Everything else needs a session.
    // Dictionaries are a signed-in user's own; they apply to the free demo voices too.
    const ids = request.pronunciation_dictionary_ids ?? [];
    const dictionaries = ids.length > 0 ? { userId: requireSignedIn(caller), ids } : undefined;
    const demo = this.demoSpeaker(voiceId, text);
    if (demo) {
      return this.submit(
        { userId: null, ip: caller.ip },
        { studio: 'clone', speaker: demo.speaker, text, voiceId: demo.voiceId, modelId, settings, dictionaries },
      );
    }
    const userId = requireSignedIn(caller);
    const speaker = await this.cloneStudioSpeaker(userId, voiceId);
    return this.submit(
      { userId, ip: caller.ip },
      { studio: 'clone', speaker, text, voiceId, modelId, settings, dictionaries },
    );
  }

  /** POST /api/elevenlabs/tts: the preset studio. */
  async submitPresetSpeech(caller: Caller, request: PresetSpeechRequest): Promise<SubmittedTask> {
    const { text, voice_id: voiceId, model_id: modelId } = request;
    const userId = requireSignedIn(caller);
    const engine = this.deps.engines.forStudio('preset');
    if (!(await hasVoice(engine, voiceId))) throw voiceUnavailable();
    const settings = { ...clampSettings(request), withTranscript: request.with_transcript ?? false };
    const speaker = speakerOf(engine);
    const ids = request.pronunciation_dictionary_ids ?? [];
    const dictionaries = ids.length > 0 ? { userId, ids } : undefined;
    return this.submit(
      { userId, ip: caller.ip },
      { studio: 'preset', speaker, text, voiceId, modelId, settings, dictionaries },
    );
  }

  /**
   * Reads a task for a caller: a signed-in user's task only by that user (others get 404, so ids
   * are not confirmed); a demo task by anyone holding its id.
   */
  async readTask(taskId: string | undefined, userId: string | null): Promise<TaskView> {
    const id = taskId?.trim();
    if (!id) throw new AppError('TASK_ID_REQUIRED');
    const task = await findPolledTask(this.deps.db, id);
    if (!task || (task.user_id !== null && task.user_id !== userId)) {
      throw new AppError('TASK_NOT_FOUND');
    }
    return taskView(task, this.deps.publicUrl, this.deps.fileSecret, await queuePosition(this.deps.db, task));
  }

  async listTasks(userId: string): Promise<TaskView[]> {
    const tasks = await listUserTasks(this.deps.db, userId);
    return Promise.all(tasks.map((task) => this.view(task)));
  }

  private async view(task: SpeechTask): Promise<TaskView> {
    const position = await queuePosition(this.deps.db, task);
    return taskView(task, this.deps.publicUrl, this.deps.fileSecret, position);
  }

  async presetVoices(studio: Studio): Promise<Voice[]> {
    const engine = this.deps.engines.forStudio(studio);
    return (await engine.listVoices().catch(catalogueFailure)).map((voice) => voiceView(voice, engine));
  }

  async models(studio: Studio): Promise<Model[]> {
    return (await this.deps.engines.forStudio(studio).listModels().catch(catalogueFailure)).map(modelView);
  }

  /** A preset voice's sample, rendered on first request and kept, so previews cost one synthesis each. */
  async voicePreview(voiceId: string): Promise<Readable> {
    const found = await this.engineWithVoice(voiceId);
    if (!found) throw new AppError('VOICE_NOT_FOUND');
    const { engine, language } = found;
    const key = presetPreviewKey(engine.id, voiceId);
    if (!(await this.deps.storage.stat(key))) {
      const sample = await renderSpeech(engine, {
        text: previewTextFor(language),
        voiceId,
        modelId: null,
        speed: 1,
        pitch: 0,
        volume: 1,
        language: null,
      });
      await this.deps.storage.put(key, sample.mp3);
    }
    return this.deps.storage.read(key);
  }

  /** A task's audio or transcript, when the link names one and its signature holds. */
  async taskFile(taskId: string, name: string, link: { expires: number; sig: string }): Promise<TaskFile> {
    const kind = fileKindFromName(name);
    if (!kind || !verifyFileSignature(this.deps.fileSecret, taskId, kind, link.expires, link.sig)) {
      throw new AppError('BAD_FILE_LINK');
    }
    const task = await findTask(this.deps.db, taskId);
    // A rebuilt task keeps its files under a new revision: the row knows where they are now.
    const key = kind === 'audio' ? task?.audio_key : task?.transcript_key;
    const stat = key ? await this.deps.storage.stat(key) : null;
    if (!stat) throw new AppError('FILE_NOT_FOUND');
    return { kind, key: stat.key, size: stat.size, read: (range) => this.deps.storage.read(stat.key, range) };
  }

  async preferences(userId: string): Promise<Preferences> {
    return preferencesView(await findPreferences(this.deps.db, userId));
  }

  async savePreferences(userId: string, update: Required<PreferencesUpdate>): Promise<Preferences> {
    const saved = await savePreferences(this.deps.db, userId, {
      preferredVoiceId: update.preferredVoiceId,
      preferredVoiceName: update.preferredVoiceName || null,
    });
    return preferencesView(saved);
  }

  /**
   * Demo tasks run on the demo's local engine (free, offline: a neural one when installed, else
   * eSpeak) whichever engine serves the clone studio, with that engine's own voice for the alias.
   */
  private demoSpeaker(voiceId: string, text: string): { speaker: Speaker; voiceId: string } | null {
    const demo = this.deps.engines.demo();
    if (!demo?.voiceIds.has(voiceId) || text.length > DEMO_MAX_TEXT_LENGTH) return null;
    return { speaker: speakerOf(demo.engine), voiceId: demo.voiceFor(voiceId) };
  }

  /**
   * The clone studio speaks its engine's preset voices and the caller's own cloned voices; a cloned
   * voice is spoken by the engine that made it, whichever engine serves the studio now.
   */
  private async cloneStudioSpeaker(userId: string, voiceId: string): Promise<Speaker> {
    const engine = this.deps.engines.forStudio('clone');
    if (await hasVoice(engine, voiceId)) return speakerOf(engine);
    const cloned = await findClonedVoice(this.deps.db, userId, voiceId);
    if (!cloned) throw voiceUnavailable();
    return { engineId: cloned.engine, defaultModel: this.deps.engines.byId(cloned.engine)?.defaultModel ?? null };
  }

  /**
   * Holds the credits, records the task and sends its job (inside the submission limits), all in
   * one transaction: a task exists with its hold and its job, or none of them does.
   */
  private async submit(caller: Caller, submission: Submission): Promise<SubmittedTask> {
    const { db, jobs, limits } = this.deps;
    const { text, speaker } = submission;
    const spoken = await this.pronounced(submission);
    await jobs.prepare('speech');
    const jobId = randomUUID();
    let wake = () => {};
    const { taskId } = await createTask(
      db,
      {
        userId: caller.userId,
        studio: submission.studio,
        engine: speaker.engineId,
        voiceId: submission.voiceId,
        modelId: submission.modelId ?? speaker.defaultModel,
        text: spoken.text,
        settings:
          spoken.warnings.length > 0 ? { ...submission.settings, warnings: spoken.warnings } : submission.settings,
        cost: caller.userId ? creditCost(text) : 0,
        clientIp: caller.ip,
      },
      (trx) => checkSubmissionLimits(trx, limits, caller),
      {
        jobId,
        send: async (trx, taskId) => {
          ({ wake } = await jobs.sendWithin(trx, 'speech', { taskId }, { ...SPEECH_JOB_OPTIONS, id: jobId }));
        },
      },
    );
    wake();
    return { success: true, task_id: taskId, id: taskId, message: 'Task created' };
  }

  /**
   * The text as the task's engine will be given it, with the request's pronunciation dictionaries
   * applied (the task keeps and renders this text). Unknown dictionaries are refused before
   * anything is held.
   */
  private async pronounced(submission: Submission): Promise<SpokenText> {
    const { dictionaries, text } = submission;
    if (!dictionaries) return { text, warnings: [] };
    const pronounce = await this.deps.pronunciation.pronouncerFor(
      dictionaries.userId,
      dictionaries.ids.map((dictionaryId) => ({ dictionaryId })),
    );
    return pronounce ? pronounce(text, submission.speaker.engineId) : { text, warnings: [] };
  }

  /** The demo's engine is searched too: its voices keep their previews when clouds serve both studios. */
  private async engineWithVoice(voiceId: string): Promise<{ engine: SpeechEngineV1; language: string } | null> {
    const { engines } = this.deps;
    const demo = engines.demo()?.engine;
    for (const engine of new Set([engines.forStudio('preset'), engines.forStudio('clone'), ...(demo ? [demo] : [])])) {
      const voice = (await engine.listVoices()).find((candidate) => candidate.id === voiceId);
      if (voice) return { engine, language: voice.language };
    }
    return null;
  }
}

function requireSignedIn(caller: Caller): string {
  if (!caller.userId) throw new AppError('UNAUTHENTICATED');
  return caller.userId;
}

const voiceUnavailable = () => new AppError('VOICE_UNAVAILABLE');

async function hasVoice(engine: SpeechEngineV1, voiceId: string): Promise<boolean> {
  return (await engine.listVoices()).some((voice) => voice.id === voiceId);
}

function preferencesView(stored: Awaited<ReturnType<typeof findPreferences>>): Preferences {
  return {
    preferredVoiceId: stored?.preferredVoiceId ?? null,
    preferredVoiceName: stored?.preferredVoiceName ?? null,
    lastUpdated: stored?.updatedAt.toISOString() ?? null,
  };
}
