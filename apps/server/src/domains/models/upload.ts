import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { refuseNul } from '../../http/malformed-input.js';

/** The form field the archive is sent under. */
export const ARCHIVE_FIELD = 'archive';
/** An optional second file: a part the publisher ships separately (ZipVoice's vocoder), so no download is needed. */
export const VOCODER_FIELD = 'vocoder';

const noArchive = () => new AppError('ARCHIVE_MISSING');

const tooLarge = (limitBytes: number) => new AppError('ARCHIVE_TOO_LARGE', Math.round(limitBytes / 1024 / 1024));

/**
 * Streams the uploaded archive (and a vocoder, when sent) to files in the models folder's
 * `.incoming` (same disk as the models, never memory), and runs `use` on them; the files are gone
 * afterwards whatever happened.
 */
export async function withUploadedArchive<T>(
  request: FastifyRequest,
  options: { modelsDir: string; limitBytes: number },
  use: (archivePath: string, fileName: string, extraFiles: string[]) => Promise<T>,
): Promise<T> {
  const incoming = path.join(options.modelsDir, '.incoming');
  await mkdir(incoming, { recursive: true });
  const upload = path.join(incoming, `upload-${randomBytes(8).toString('hex')}`);
  const archivePath = path.join(upload, 'archive');
  await mkdir(upload);
  try {
    const { fileName, extraFiles } = await receive(request, upload, archivePath, options.limitBytes);
    return await use(archivePath, fileName, extraFiles);
  } finally {
    await rm(upload, { recursive: true, force: true });
  }
}

async function receive(
  request: FastifyRequest,
  upload: string,
  archivePath: string,
  limitBytes: number,
): Promise<{ fileName: string; extraFiles: string[] }> {
  let fileName: string | null = null;
  const extraFiles: string[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: limitBytes, files: 2, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === VOCODER_FIELD && extraFiles.length === 0 && part.filename) {
        refuseNul(part.filename);
        // Kept under its own name (the installer matches it to the part the model expects), in its own folder.
        const vocoder = path.join(upload, 'vocoder', path.basename(part.filename));
        await mkdir(path.dirname(vocoder));
        await pipeline(part.file, createWriteStream(vocoder, { flags: 'wx' }));
        extraFiles.push(vocoder);
        continue;
      }
      if (part.fieldname !== ARCHIVE_FIELD || fileName !== null) {
        part.file.resume();
        continue;
      }
      refuseNul(part.filename);
      fileName = part.filename;
      await pipeline(part.file, createWriteStream(archivePath, { flags: 'wx' }));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limitBytes);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noArchive();
    if (typeof (error as { statusCode?: number }).statusCode === 'number') throw error;
    throw new AppError('MALFORMED_UPLOAD');
  }
  if (!fileName) throw noArchive();
  return { fileName, extraFiles };
}
