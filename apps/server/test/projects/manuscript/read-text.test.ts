import { describe, expect, it } from 'vitest';
import { manuscriptFromText, readManuscript } from '../../../src/domains/projects/manuscript/read-manuscript.js';

const titles = (text: string) => manuscriptFromText(text, 'txt').chapters.map((chapter) => chapter.title);

describe('plain text', () => {
  it('starts chapters at marker lines and keeps the marker as the title', () => {
    const manuscript = manuscriptFromText(
      [
        'Prologue',
        '',
        'Before it all began.',
        '',
        'CHAPTER ONE',
        '',
        'The first day.',
        '',
        'Chapter 2: The Storm',
        'Wind came over',
        'the hill at noon.',
        '',
        'It did not stop.',
        '',
        'Part IV',
        '',
        'Much later.',
        '',
        'Epilogue',
        '',
        'The end.',
      ].join('\n'),
      'txt',
    );
    expect(manuscript.title).toBeNull();
    expect(manuscript.chapters).toEqual([
      { title: 'Prologue', paragraphs: ['Before it all began.'] },
      { title: 'CHAPTER ONE', paragraphs: ['The first day.'] },
      // Lines inside a paragraph are joined with a space; a blank line ends the paragraph.
      { title: 'Chapter 2: The Storm', paragraphs: ['Wind came over the hill at noon.', 'It did not stop.'] },
      { title: 'Part IV', paragraphs: ['Much later.'] },
      { title: 'Epilogue', paragraphs: ['The end.'] },
    ]);
  });

  it('does not take a sentence that begins like a marker for one', () => {
    expect(titles('Part of me knew.\n\nChapter one was the best part of the book, she thought.')).toEqual([
      'Chapter 1',
    ]);
  });

  it('makes text without markers one chapter called "Chapter 1", with the fallback title', () => {
    const manuscript = manuscriptFromText('  First paragraph.\r\n\r\n\r\nSecond\r\nparagraph.  ', 'txt', 'Pasted');
    expect(manuscript.title).toBe('Pasted');
    expect(manuscript.chapters).toEqual([
      { title: 'Chapter 1', paragraphs: ['First paragraph.', 'Second paragraph.'] },
    ]);
  });

  it('calls text before the first marker the front matter', () => {
    expect(titles('By A. Writer\n\nChapter 1\n\nText.')).toEqual(['Front matter', 'Chapter 1']);
  });

  it('reads a .txt file as UTF-8, with or without a byte-order mark, and Windows-1252 otherwise', async () => {
    const utf8 = await readManuscript({ fileName: 'notes.TXT', bytes: Buffer.from('\uFEFFCafé “quoted”.', 'utf8') });
    expect(utf8.chapters[0]?.paragraphs).toEqual(['Café “quoted”.']);
    const windows = await readManuscript({ fileName: 'old.txt', bytes: Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x2e]) });
    expect(windows.chapters[0]?.paragraphs).toEqual(['Café.']);
    const utf16 = await readManuscript({
      fileName: 'wide.txt',
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Wide text.', 'utf16le')]),
    });
    expect(utf16.chapters[0]?.paragraphs).toEqual(['Wide text.']);
  });
});

describe('Markdown', () => {
  it('starts chapters at the top heading level used and leaves no markup in the text', () => {
    const manuscript = manuscriptFromText(
      [
        '# Arrival',
        '',
        'The *train* was **late**, and [the station](https://example.com) was `empty`.',
        '',
        '### A smaller heading',
        '',
        '- first item',
        '- second _item_',
        '',
        '> A quoted line',
        '> that wraps.',
        '',
        '# Departure',
        '',
        'Fish &amp; chips, 3 < 4.',
        '',
        '<script>alert(1)</script>',
        '',
        '![a picture](picture.png)',
      ].join('\n'),
      'md',
    );
    expect(manuscript.title).toBeNull();
    expect(manuscript.chapters).toEqual([
      {
        title: 'Arrival',
        paragraphs: [
          'The train was late, and the station was empty.',
          'A smaller heading',
          'first item',
          'second item',
          'A quoted line that wraps.',
        ],
      },
      { title: 'Departure', paragraphs: ['Fish & chips, 3 < 4.'] },
    ]);
  });

  it('takes a single "# Title" above "##" chapters as the document title', async () => {
    const manuscript = await readManuscript({
      fileName: 'book.md',
      bytes: Buffer.from('# My Book\n\n## One\n\nText one.\n\n## Two\n\nText two.\n'),
    });
    expect(manuscript.title).toBe('My Book');
    expect(manuscript.chapters).toEqual([
      { title: 'One', paragraphs: ['Text one.'] },
      { title: 'Two', paragraphs: ['Text two.'] },
    ]);
  });

  it('uses ## headings when the text has no # heading, and names text before them the front matter', () => {
    const manuscript = manuscriptFromText('Intro words.\n\n## Step A\n\nDo A.\n\n## Step B\n\nDo B.', 'md', 'Fallback');
    expect(manuscript.title).toBe('Fallback');
    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual(['Front matter', 'Step A', 'Step B']);
  });
});
