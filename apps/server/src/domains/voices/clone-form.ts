import { type CloneVoiceFormFields, type CloneVoiceFormValues, cloneVoiceForm } from '@sayso/contract/voices';
import type { FastifyRequest } from 'fastify';
import { codeOfMessage } from '../../http/error-codes.js';
import { AppError } from '../../http/errors.js';
import { refuseNul } from '../../http/malformed-input.js';
import { MAX_SAMPLE_BYTES, sampleMissing, sampleTooLarge } from './sample-checks.js';

/** An uploaded file as read from the form, before its checks. */
export interface UploadedSample {
  bytes: Buffer;
  fileName: string;
}

/**
 * The clone form after the contract's checks (spec section 3, 'Voice clone request'), defaults
 * filled in; the sample's own checks (type, length, sound) are the service's.
 */
export interface CloneForm {
  audio: UploadedSample;
  name: string;
  language: CloneVoiceFormValues['language_tag'];
  previewText: string;
  noiseReduction: boolean;
  /** What is said in the sample, when the user typed it (cloning models such as ZipVoice need it). */
  transcript?: string;
}

/** Limits of the multipart parser: one sample of at most 20 MB, a few short fields. */
export const CLONE_FORM_LIMITS = { fileSize: MAX_SAMPLE_BYTES, files: 1, fields: 10, fieldSize: 10_000 };

const malformedUpload = () => new AppError('MALFORMED_UPLOAD');

/** A multipart form as read: its text fields, and the first file sent under the sample's field name. */
export interface SampleUpload {
  fields: Map<string, string>;
  audio: UploadedSample | null;
}

/** Reads the clone form; a file over the size limit stops the upload at once with the spec's message. */
export async function readCloneForm(request: FastifyRequest): Promise<CloneForm> {
  const { fields, audio } = await readSampleUpload(request, 'audio');
  return checkCloneForm(audio, {
    voice_name: fields.get('voice_name'),
    language_tag: fields.get('language_tag'),
    preview_text: fields.get('preview_text'),
    need_noise_reduction: fields.get('need_noise_reduction'),
    sample_transcript: fields.get('sample_transcript'),
  });
}

/**
 * The clone form's checks in the spec's order: the file first ('Please upload an audio file
 * first.'), then the contract's schema of the text fields, whose first failure is answered with
 * its message and the registry's code for it.
 */
export function checkCloneForm(audio: UploadedSample | null, fields: CloneVoiceFormFields): CloneForm {
  if (!audio) throw sampleMissing();
  const parsed = cloneVoiceForm.safeParse(fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'The clone form could not be read.';
    throw AppError.withMessage(codeOfMessage(message) ?? 'VALIDATION_FAILED', message);
  }
  const { voice_name, language_tag, preview_text, need_noise_reduction, sample_transcript } = parsed.data;
  return {
    audio,
    name: voice_name,
    language: language_tag,
    previewText: preview_text,
    noiseReduction: need_noise_reduction,
    ...(sample_transcript ? { transcript: sample_transcript } : {}),
  };
}

/**
 * Reads a multipart form that carries a voice sample under `fileField`. Only the first such file is
 * kept (the engines clone from one sample); every file is still read through, so the size limit
 * holds for each and the form is consumed to its end.
 */
export async function readSampleUpload(request: FastifyRequest, fileField: string): Promise<SampleUpload> {
  const fields = new Map<string, string>();
  let audio: SampleUpload['audio'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField && !audio) audio = { bytes, fileName: part.filename };
      } else {
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw sampleTooLarge(Math.max(MAX_SAMPLE_BYTES + 1, Number(request.headers['content-length'] ?? 0)));
    }
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw sampleMissing();
    }
    // The parser's own limits carry a 4xx status; anything else it throws (a missing boundary, a
    // body cut short) means the sender's form is broken, not the server.
    if (typeof (error as { statusCode?: number }).statusCode === 'number') throw error;
    throw malformedUpload();
  }
  refuseNul([...fields.values(), audio?.fileName]);
  return { fields, audio };
}
