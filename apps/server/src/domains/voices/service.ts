import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ClonedVoice, ClonedVoiceCreated } from '@sayso/contract/voices';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { type ClonedVoice as EngineClone, EngineError, type SpeechEngineV1 } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { clonedVoicePreviewKey, voiceSampleKey } from '../../storage/keys.js';
import { removeStoredFiles } from '../../storage/remove-files.js';
import type { CloneForm } from './clone-form.js';
import {
  type ClonedVoiceRow,
  countClonedVoices,
  deleteClonedVoice,
  findClonedVoice,
  listClonedVoices,
  saveClonedVoice,
} from './repository.js';
import { type CheckedSample, checkSample } from './sample-checks.js';

/** Spec section 9: at most five cloned voices per user. */
export const MAX_CLONED_VOICES = 5;

export interface VoiceServiceDeps {
  db: Kysely<Database>;
  engines: EngineRegistry;
  storage: FileStorage;
  logger: FastifyBaseLogger;
}

/** A clone form whose sample passed its checks too. */
type CloneOrder = Omit<CloneForm, 'audio'> & { sample: CheckedSample };

/**
 * Cloned voices: made from a sample by the clone studio's engine, kept with their sample and
 * spoken preview, at most five per user, spoken later by the engine that made them.
 */
export class VoiceService {
  constructor(private readonly deps: VoiceServiceDeps) {}

  /** Refuses a sixth voice before the upload is read, so a full account does not send 20 MB for nothing. */
  async checkRoomForVoice(userId: string): Promise<void> {
    if ((await countClonedVoices(this.deps.db, userId)) >= MAX_CLONED_VOICES) throw voiceLimitReached();
  }

  /**
   * Checks the form and the sample, keeps the sample, has the engine clone the voice, then keeps
   * its preview and records it. Nothing is kept half-made: a failure at any step removes what the
   * steps before it made, the engine's voice included.
   */
  async cloneVoice(userId: string, form: CloneForm): Promise<ClonedVoiceCreated> {
    const order = await checkCloneForm(form);
    const cloner = this.deps.engines.forStudio('clone');
    if (!cloner.cloneVoice) throw new AppError('CLONING_UNAVAILABLE');
    const sampleKey = voiceSampleKey(userId, randomBytes(12).toString('hex'), order.sample.type);
    await this.deps.storage.put(sampleKey, order.sample.bytes);
    let cloned: EngineClone;
    try {
      cloned = await cloner.cloneVoice(order);
    } catch (error) {
      await this.removeFiles([sampleKey]);
      this.deps.logger.warn({ err: error, engine: cloner.id }, 'voice cloning failed');
      throw cloneFailure(error);
    }
    try {
      return await this.keepClone(userId, cloner, order, cloned, sampleKey);
    } catch (error) {
      // For example after losing the race for the fifth place.
      await cloner
        .deleteVoice?.(cloned.voiceId)
        .catch((deleteError: unknown) =>
          this.deps.logger.warn(
            { err: deleteError, engine: cloner.id, leftBehind: cloned.voiceId },
            'a clone that could not be kept was left behind at its engine',
          ),
        );
      throw error;
    }
  }

  async listVoices(userId: string): Promise<ClonedVoice[]> {
    const voices = await listClonedVoices(this.deps.db, userId, MAX_CLONED_VOICES);
    return voices.map(clonedVoiceView);
  }

  /** A cloned voice's spoken preview, for its owner only. */
  async voicePreview(userId: string, voiceId: string | undefined): Promise<Readable> {
    const voice = await findClonedVoice(this.deps.db, userId, voiceId ?? '');
    if (!voice?.preview_key) throw new AppError('VOICE_NOT_FOUND');
    return this.deps.storage.read(voice.preview_key);
  }

  /** The provider's copy goes first; a failure there is ignored, as the spec says. */
  async deleteVoice(userId: string, voiceId: string | undefined): Promise<void> {
    const id = voiceId?.trim();
    if (!id) throw new AppError('VOICE_ID_REQUIRED');
    const voice = await findClonedVoice(this.deps.db, userId, id);
    if (!voice) throw new AppError('VOICE_NOT_FOUND');
    const owner = this.deps.engines.byId(voice.engine);
    await owner?.deleteVoice?.(id).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, voiceId: id }, 'provider voice delete failed; removing ours anyway');
    });
    await deleteClonedVoice(this.deps.db, userId, id);
    await this.removeFiles([voice.sample_key, voice.preview_key]);
  }

  /** Stores the engine's preview and records the voice; on failure removes both files again. */
  private async keepClone(
    userId: string,
    cloner: SpeechEngineV1,
    order: CloneOrder,
    cloned: EngineClone,
    sampleKey: string,
  ): Promise<ClonedVoiceCreated> {
    let previewKey: string | null = null;
    try {
      // Only bytes are kept: a provider's preview link expires (see the MiniMax adapter).
      if (cloned.preview && 'bytes' in cloned.preview) {
        previewKey = clonedVoicePreviewKey(cloned.voiceId);
        await this.deps.storage.put(previewKey, cloned.preview.bytes);
      }
      const saved = await saveClonedVoice(
        this.deps.db,
        {
          id: cloned.voiceId,
          userId,
          engine: cloner.id,
          name: order.name,
          language: order.language,
          approximate: cloned.approximate,
          sampleKey,
          previewKey,
        },
        MAX_CLONED_VOICES,
      );
      if (!saved) throw voiceLimitReached();
      return clonedVoiceCreatedView(saved, cloned.requiresVerification === true);
    } catch (error) {
      await this.removeFiles([sampleKey, previewKey]);
      throw error;
    }
  }

  private async removeFiles(keys: (string | null)[]): Promise<void> {
    await removeStoredFiles(this.deps.storage, keys, this.deps.logger);
  }
}

const voiceLimitReached = () => new AppError('VOICE_LIMIT_REACHED');

/** The form's fields were checked as it was read (clone-form.ts); the sample's own checks come last. */
async function checkCloneForm({ audio, ...form }: CloneForm): Promise<CloneOrder> {
  return { ...form, sample: await checkSample(audio) };
}

/**
 * A failed clone as the clone screen's answer: a rate limit, a timeout or a sample the provider
 * measured out of range keep their own spec texts; any other failure is the spec's 'Failed to create
 * voice' (502 when the provider refused, 500 when something of ours broke).
 */
function cloneFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof EngineError) {
    if (error.code === 'rate_limited') return AppError.withMessage('CLONE_RATE_LIMITED', error.message);
    if (error.code === 'timeout') return AppError.withMessage('CLONE_TIMEOUT', error.message);
    if (error.code === 'invalid_input') return new AppError('CLONE_SAMPLE_REFUSED', error.message);
    return new AppError('CLONE_FAILED');
  }
  return new AppError('CLONE_NOT_SAVED');
}

const sampleLink = (voiceId: string) => `/api/voice/${encodeURIComponent(voiceId)}/sample.mp3`;

const clonedVoiceCreatedView = (voice: ClonedVoiceRow, requiresVerification: boolean): ClonedVoiceCreated => ({
  success: true,
  clone_voice_id: voice.id,
  voice_id: voice.id,
  id: voice.id,
  voice_name: voice.voice_name,
  mp3_link: voice.preview_key ? sampleLink(voice.id) : '',
  approximate: voice.approximate,
  requires_verification: requiresVerification,
});

const clonedVoiceView = (voice: ClonedVoiceRow): ClonedVoice => ({
  voiceId: voice.id,
  voiceName: voice.voice_name,
  mp3Link: voice.preview_key ? sampleLink(voice.id) : '',
  createdAt: voice.created_at.toISOString(),
  approximate: voice.approximate,
  language: voice.language,
});
