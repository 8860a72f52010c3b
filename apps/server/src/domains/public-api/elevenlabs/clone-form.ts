import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { type CloneForm, readSampleUpload } from '../../voices/clone-form.js';
import { MAX_SAMPLE_BYTES } from '../../voices/sample-checks.js';

/** Limits of the multipart parser for POST /v1/voices/add: up to 25 samples (as ElevenLabs), each at most 20 MB. */
export const ADD_VOICE_LIMITS = { fileSize: MAX_SAMPLE_BYTES, files: 25, fields: 20, fieldSize: 10_000 };

const badLabels = () =>
  new AppError(400, 'labels must be a JSON object of strings, such as {"language": "en"}.', 'INVALID_LABELS');

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

/** The clone service takes a language by name ("English"); ElevenLabs' labels carry a code ("en"). */
function languageName(label: unknown): string | undefined {
  if (typeof label !== 'string' || label.trim() === '') return undefined;
  const code = label.trim();
  if (!/^[a-z]{2,3}$/i.test(code)) return code;
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(code.toLowerCase()) ?? code;
}

/**
 * Reads ElevenLabs' instant clone form (`name`, one `files` part per sample, `labels` as a JSON
 * string, `remove_background_noise`) as our clone form. Our engines clone from one sample, so the
 * first file is the one used; `description` has nowhere to live and is not kept.
 */
export async function readAddVoiceForm(request: FastifyRequest): Promise<CloneForm> {
  const { fields, audio } = await readSampleUpload(request, 'files');
  const labels = parseLabels(fields.get('labels'));
  return {
    audio,
    voiceName: fields.get('name'),
    languageTag: languageName(labels.language),
    previewText: undefined,
    // ElevenLabs leaves the noise alone unless asked; our clone form's default is the other way.
    needNoiseReduction: fields.get('remove_background_noise') ?? 'false',
  };
}
