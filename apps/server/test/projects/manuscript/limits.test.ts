import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_BYTES,
  MAX_PROJECT_CHAPTERS,
  MAX_PROJECT_CHARACTERS,
} from '../../../src/domains/projects/manuscript/limits.js';
import { manuscriptFromText, readManuscript } from '../../../src/domains/projects/manuscript/read-manuscript.js';
import { buildEpub } from '../support/build-epub.js';
import { refusal } from './refusal.js';

/** Plain text of `count` chapters of one short paragraph each. */
const chaptersText = (count: number) =>
  Array.from({ length: count }, (_, index) => `Chapter ${index + 1}\n\nWords of chapter ${index + 1}.`).join('\n\n');

/** Plain text of exactly `characters` characters, in paragraphs of at most 1,000. */
function textOfLength(characters: number): string {
  const paragraphs: string[] = [];
  for (let left = characters; left > 0; left -= 1_000) paragraphs.push('a'.repeat(Math.min(1_000, left)));
  return paragraphs.join('\n\n');
}

describe('project limits', () => {
  it('refuses a file over 50 MB before reading it', async () => {
    const bytes = Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x61);
    const error = await refusal(readManuscript({ fileName: 'huge.txt', bytes }));
    expect(error.code).toBe('PROJECT_IMPORT_TOO_LARGE');
    expect(error.statusCode).toBe(413);
  });

  it('refuses a zip that claims to unpack to far more than a book', async () => {
    // A small zip whose directory says its entry unpacks to 401 MB, as a zip bomb's does: the
    // reader must refuse from the directory, before inflating anything.
    const bomb = Buffer.from(zipSync({ mimetype: strToU8('application/epub+zip'), 'big.xhtml': strToU8('<p/>') }));
    // The last central-directory header ("PK\x01\x02") is big.xhtml's; its uncompressed size is at +24.
    const entry = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(401 * 1024 * 1024, entry + 24);
    const error = await refusal(readManuscript({ fileName: 'bomb.epub', bytes: bomb }));
    expect(error.code).toBe('PROJECT_IMPORT_TOO_LARGE');
  });

  it(`accepts ${MAX_PROJECT_CHAPTERS} chapters and refuses one more`, async () => {
    expect(manuscriptFromText(chaptersText(MAX_PROJECT_CHAPTERS), 'txt').chapters).toHaveLength(MAX_PROJECT_CHAPTERS);
    const error = await refusal(() => manuscriptFromText(chaptersText(MAX_PROJECT_CHAPTERS + 1), 'txt'));
    expect(error.code).toBe('PROJECT_TOO_MANY_CHAPTERS');
    expect(error.statusCode).toBe(400);
  });

  it('counts the chapters of an imported EPUB against the limit too', async () => {
    const chapters = Array.from({ length: MAX_PROJECT_CHAPTERS + 1 }, (_, index) => ({
      title: `Part ${index + 1}`,
      paragraphs: [`Text ${index + 1}.`],
    }));
    const error = await refusal(readManuscript({ fileName: 'long.epub', bytes: buildEpub({ chapters }) }));
    expect(error.code).toBe('PROJECT_TOO_MANY_CHAPTERS');
  });

  it('accepts 2,000,000 characters and refuses one more, counting emoji as one character', async () => {
    const full = manuscriptFromText(textOfLength(MAX_PROJECT_CHARACTERS), 'txt');
    expect(full.chapters[0]?.paragraphs.join('')).toHaveLength(MAX_PROJECT_CHARACTERS);
    // One emoji is two UTF-16 units but one character: still within the limit.
    expect(() => manuscriptFromText(`${textOfLength(MAX_PROJECT_CHARACTERS - 1)}\n\n🙂`, 'txt')).not.toThrow();
    const error = await refusal(() => manuscriptFromText(textOfLength(MAX_PROJECT_CHARACTERS + 1), 'txt'));
    expect(error.code).toBe('PROJECT_TOO_LONG');
    expect(error.statusCode).toBe(400);
  });

  it('refuses a document without text, from a file or pasted', async () => {
    for (const attempt of [
      () => readManuscript({ fileName: 'blank.txt', bytes: Buffer.from(' \n\n\t\n') }),
      () => readManuscript({ fileName: 'blank.md', bytes: Buffer.from('# \n\n![only a picture](a.png)\n') }),
      () => manuscriptFromText('Chapter 1\n\nChapter 2\n', 'txt'),
    ]) {
      const error = await refusal(attempt);
      expect(error.code).toBe('PROJECT_IMPORT_EMPTY');
      expect(error.statusCode).toBe(400);
    }
  });
});

describe('file types', () => {
  it('refuses PDF and other types that are not imported, with 415', async () => {
    for (const file of [
      { fileName: 'book.pdf', bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n') },
      { fileName: 'picture.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) },
      { fileName: 'no-extension', bytes: Buffer.from('Just words.') },
      { fileName: 'sheet.xlsx', bytes: Buffer.from(zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') })) },
    ]) {
      const error = await refusal(readManuscript(file));
      expect(error.code).toBe('PROJECT_IMPORT_UNSUPPORTED');
      expect(error.statusCode).toBe(415);
    }
  });

  it('refuses a .txt file that holds binary data', async () => {
    const error = await refusal(readManuscript({ fileName: 'data.txt', bytes: Buffer.from([0x41, 0x00, 0x42]) }));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });
});
