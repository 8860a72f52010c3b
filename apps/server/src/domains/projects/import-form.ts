import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { refuseNul } from '../../http/malformed-input.js';

/** An import as read from its multipart form. */
export interface ImportForm {
  file: { fileName: string; bytes: Buffer };
  narratorVoiceId: string;
  title?: string;
}

/**
 * Reads the import form: one file under `file`, the narrator's voice and an optional title. A file
 * over 50 MB stops the upload at once with the import's own message.
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  const fields = new Map<string, string>();
  let file: ImportForm['file'] | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, bytes };
      } else {
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PROJECT_IMPORT_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('MALFORMED_UPLOAD');
    if (typeof (error as { statusCode?: number }).statusCode === 'number') throw error;
    throw new AppError('MALFORMED_UPLOAD');
  }
  refuseNul([...fields.values(), file?.fileName]);
  if (!file) throw new AppError('MALFORMED_UPLOAD');
  const narratorVoiceId = fields.get('narrator_voice_id')?.trim();
  if (!narratorVoiceId) throw new AppError('VOICE_UNAVAILABLE');
  const title = fields.get('title')?.trim().slice(0, 300);
  return { file, narratorVoiceId, ...(title ? { title } : {}) };
}
