import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { refuseNul } from '../../http/malformed-input.js';
import { MAX_SAMPLE_BYTES, sampleMissing, sampleTooLarge } from './sample-checks.js';

/** The clone form as sent (spec section 3, 'Voice clone request'); the service applies the rules. */
export interface CloneForm {
  audio: { bytes: Buffer; fileName: string } | null;
  voiceName: string | undefined;
  languageTag: string | undefined;
  previewText: string | undefined;
  needNoiseReduction: string | undefined;
  /** What is said in the sample (optional; cloning models such as ZipVoice need it). */
  sampleTranscript?: string | undefined;
}

/** Limits of the multipart parser: one sample of at most 20 MB, a few short fields. */
export const CLONE_FORM_LIMITS = { fileSize: MAX_SAMPLE_BYTES, files: 1, fields: 10, fieldSize: 10_000 };

const malformedUpload = () =>
  new AppError(400, 'The upload could not be read. Please choose the file and try again.', 'MALFORMED_UPLOAD');

/** A multipart form as read: its text fields, and the first file sent under the sample's field name. */
export interface SampleUpload {
  fields: Map<string, string>;
  audio: CloneForm['audio'];
}

/** Reads the clone form; a file over the size limit stops the upload at once with the spec's message. */
export async function readCloneForm(request: FastifyRequest): Promise<CloneForm> {
  const { fields, audio } = await readSampleUpload(request, 'audio');
  return {
    audio,
    voiceName: fields.get('voice_name'),
    languageTag: fields.get('language_tag'),
    previewText: fields.get('preview_text'),
    needNoiseReduction: fields.get('need_noise_reduction'),
    sampleTranscript: fields.get('sample_transcript'),
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
