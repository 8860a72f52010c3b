import { describe, expect, it } from 'vitest';
import { readManuscript } from '../../../src/domains/projects/manuscript/read-manuscript.js';
import { detectSpeakers, scriptLine, speakableText } from '../../../src/domains/projects/manuscript/speakers.js';
import type { Manuscript } from '../../../src/domains/projects/manuscript/types.js';
import { SAMPLE_SPEAKERS, sampleEpub } from '../support/build-epub.js';

const book = (...chapters: string[][]): Manuscript => ({
  title: null,
  author: null,
  cover: null,
  chapters: chapters.map((paragraphs, index) => ({ title: `Chapter ${index + 1}`, paragraphs })),
});

const names = (...paragraphs: string[]) => detectSpeakers(book(paragraphs)).map((speaker) => speaker.name);

describe('speakers from quoted dialogue', () => {
  it('finds the sample book’s two speakers, most lines first, with the paragraphs that are theirs', async () => {
    const manuscript = await readManuscript({ fileName: 'sample.epub', bytes: sampleEpub() });
    expect(detectSpeakers(manuscript)).toEqual(SAMPLE_SPEAKERS);
  });

  it('reads attributions after and before the quote, in straight and curly quotes', () => {
    const speakers = detectSpeakers(
      book([
        '"Come in," said Tom.',
        '“Thank you,” Anna replied quietly.',
        'Then Tom asked, "Tea?"',
        'Anna said to him: “Please.”',
        '"Milk?" Tom Baker whispered.',
        '“Rain again,” said Mrs. Hale.',
      ]),
    );
    expect(speakers).toEqual([
      // Two lines each: the one who spoke first comes first.
      {
        name: 'Tom',
        lines: [
          { chapter: 0, paragraph: 0 },
          { chapter: 0, paragraph: 2 },
        ],
      },
      {
        name: 'Anna',
        lines: [
          { chapter: 0, paragraph: 1 },
          { chapter: 0, paragraph: 3 },
        ],
      },
      { name: 'Tom Baker', lines: [{ chapter: 0, paragraph: 4 }] },
      { name: 'Mrs. Hale', lines: [{ chapter: 0, paragraph: 5 }] },
    ]);
  });

  it('ignores pronouns, unattributed quotes and quotes without a speech verb', () => {
    expect(
      names(
        '"Stop," he said.',
        '“Now,” She whispered.',
        '"Nobody move." They shouted it twice.',
        '"Where?"',
        '"Here," Tom pointed.',
        'Tom said nothing at all.',
      ),
    ).toEqual([]);
  });

  it('leaves a paragraph where two people speak with the narrator', () => {
    expect(names('"Hello," said Tom. "Hi," Anna answered.')).toEqual([]);
    expect(names('"Hello," said Tom, "how are you?"')).toEqual(['Tom']);
  });

  it('merges spellings of one name and reports the one used most', () => {
    expect(names('TOM: Morning.', 'TOM: Coffee?', '"Yes," said Tom.', 'ANNA: Please.')).toEqual(['TOM', 'ANNA']);
  });
});

describe('speakers from a script', () => {
  it('takes NAME: lines in capitalised words or capitals as the named speaker’s', () => {
    const speakers = detectSpeakers(
      book(['HOST: Welcome back.', 'Dr. Lee: Thanks for having me.'], ['HOST: Let us begin.', 'The audience laughs.']),
    );
    expect(speakers).toEqual([
      {
        name: 'HOST',
        lines: [
          { chapter: 0, paragraph: 0 },
          { chapter: 1, paragraph: 0 },
        ],
      },
      { name: 'Dr. Lee', lines: [{ chapter: 0, paragraph: 1 }] },
    ]);
  });

  it('does not take a single label or a note for a script', () => {
    expect(names('Dear Sir: I write to complain.', 'The end.')).toEqual([]);
    expect(names('Note: this is not a line.', 'Warning: nor is this.', 'Chapter 1: Neither.')).toEqual([]);
  });

  it('gives the words to speak without the NAME: prefix', () => {
    expect(scriptLine('ANNA: Over here!')).toEqual({ name: 'ANNA', text: 'Over here!' });
    expect(speakableText('ANNA: Over here!')).toBe('Over here!');
    expect(speakableText('ANNA: Over here!', 'Anna')).toBe('Over here!');
    // Cast to someone else, or not a script line at all: the paragraph is spoken as written.
    expect(speakableText('ANNA: Over here!', 'Tom')).toBe('ANNA: Over here!');
    expect(speakableText('Note: keep this.')).toBe('Note: keep this.');
    expect(speakableText('"Hello," said Tom.')).toBe('"Hello," said Tom.');
  });
});
