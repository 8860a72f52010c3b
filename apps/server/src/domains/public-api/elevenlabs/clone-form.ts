import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { type CloneForm, checkCloneForm, MAX_SAMPLE_BYTES, readSampleUpload } from '../../voices/index.js';

/** Limits of the multipart parser for POST /v1/voices/add: up to 25 samples (as ElevenLabs), each at most 20 MB. */
export const ADD_VOICE_LIMITS = { fileSize: MAX_SAMPLE_BYTES, files: 25, fields: 20, fieldSize: 10_000 };

const badLabels = () => new AppError('INVALID_LABELS');

function parseLabels(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badLabels();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badLabels();
  return parsed as Record<string, unknown>;
}

/**
 * Reads ElevenLabs' instant clone form (`name`, one `files` part per sample, `labels` as a JSON
 * string, `remove_background_noise`) as our clone form, through the same checks. Our engines clone
 * from one sample, so the first file is the one used; `description` has nowhere to live and is not
 * kept. A `language` label (a code such as "en", or a name) must be one of the clone languages.
 */
export async function readAddVoiceForm(request: FastifyRequest): Promise<CloneForm> {
  const { fields, audio } = await readSampleUpload(request, 'files');
  const { language } = parseLabels(fields.get('labels'));
  return checkCloneForm(audio, {
    voice_name: fields.get('name'),
    language_tag: typeof language === 'string' ? language : undefined,
    // ElevenLabs leaves the noise alone unless asked; our clone form's default is the other way.
    need_noise_reduction: fields.get('remove_background_noise') ?? 'false',
  });
}
