import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readManuscript } from '../../../src/domains/projects/manuscript/read-manuscript.js';
import { buildDocx } from '../support/build-docx.js';
import { refusal } from './refusal.js';

const read = (bytes: Buffer, fileName = 'draft.docx') => readManuscript({ fileName, bytes });

describe('reading a DOCX', () => {
  it('starts a chapter at each Heading 1 and takes title and author from docProps/core.xml', async () => {
    const manuscript = await read(
      buildDocx({
        title: 'Harbour Notes',
        author: 'Jo Park',
        paragraphs: [
          { text: 'The Quay', style: 'Heading1' },
          { text: 'Boats came in at six.' },
          { text: 'Nets & ropes lay everywhere.' },
          { text: 'Night Shift', style: 'Heading1' },
          { text: 'The lamps went on.' },
        ],
      }),
    );
    expect(manuscript.title).toBe('Harbour Notes');
    expect(manuscript.author).toBe('Jo Park');
    expect(manuscript.cover).toBeNull();
    expect(manuscript.chapters).toEqual([
      { title: 'The Quay', paragraphs: ['Boats came in at six.', 'Nets & ropes lay everywhere.'] },
      { title: 'Night Shift', paragraphs: ['The lamps went on.'] },
    ]);
  });

  it('uses Heading 2 for chapters when there is no Heading 1, and the Title style names the document', async () => {
    const manuscript = await read(
      buildDocx({
        paragraphs: [
          { text: 'A Short Course', style: 'Title' },
          { text: 'Welcome to the course.' },
          { text: 'Lesson One', style: 'Heading2' },
          { text: 'Breathe in.' },
          { text: 'Lesson Two', style: 'Heading2' },
          { text: 'Breathe out.' },
        ],
      }),
    );
    expect(manuscript.title).toBe('A Short Course');
    expect(manuscript.author).toBeNull();
    expect(manuscript.chapters).toEqual([
      { title: 'Front matter', paragraphs: ['Welcome to the course.'] },
      { title: 'Lesson One', paragraphs: ['Breathe in.'] },
      { title: 'Lesson Two', paragraphs: ['Breathe out.'] },
    ]);
  });

  it('tells a DOCX by its word/document.xml, whatever the file is called', async () => {
    const manuscript = await read(buildDocx({ paragraphs: [{ text: 'Only words.' }] }), 'attachment');
    expect(manuscript.chapters).toEqual([{ title: 'Chapter 1', paragraphs: ['Only words.'] }]);
  });

  it('refuses a DOCX whose document.xml is broken', async () => {
    const error = await refusal(read(buildDocx({ paragraphs: [], documentText: '<w:document><w:body><w:p>' })));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
    expect(error.statusCode).toBe(400);
  });

  it('refuses a truncated DOCX', async () => {
    const whole = buildDocx({ paragraphs: [{ text: 'Some words to make the zip longer than a header.' }] });
    const error = await refusal(read(whole.subarray(0, whole.length - 30)));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });

  it('refuses a zip called .docx without word/document.xml', async () => {
    const error = await refusal(read(Buffer.from(zipSync({ 'word/other.xml': strToU8('<x/>') }))));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });

  it('refuses a DOCX without any text', async () => {
    const error = await refusal(read(buildDocx({ title: 'Blank', paragraphs: [{ text: '   ' }] })));
    expect(error.code).toBe('PROJECT_IMPORT_EMPTY');
  });
});
