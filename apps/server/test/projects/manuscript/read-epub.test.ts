import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readManuscript } from '../../../src/domains/projects/manuscript/read-manuscript.js';
import { refusal } from './refusal.js';
import {
  buildEpub,
  EPUB_CONTENT_DIR,
  type EpubBook,
  SAMPLE_BOOK,
  sampleEpub,
  TINY_PNG,
} from '../support/build-epub.js';

const read = (bytes: Buffer, fileName = 'book.epub') => readManuscript({ fileName, bytes });

const twoChapters: EpubBook['chapters'] = [
  { title: 'One', paragraphs: ['First words.'] },
  { title: 'Two', paragraphs: ['Second words.'] },
];

describe('reading an EPUB 3', () => {
  it('reads the sample book: metadata, cover, chapter titles from nav.xhtml, and every paragraph', async () => {
    const manuscript = await read(sampleEpub());

    expect(manuscript.title).toBe('Salt & Light');
    expect(manuscript.author).toBe('Mara Quill');
    expect(manuscript.cover?.contentType).toBe('image/png');
    expect(manuscript.cover?.bytes.equals(Buffer.from(TINY_PNG))).toBe(true);
    // The cover page has no text and is skipped; each chapter's <h1> is its title, not a block.
    expect(manuscript.chapters).toEqual(
      SAMPLE_BOOK.chapters.map((chapter) => ({ title: chapter.title, paragraphs: [...chapter.paragraphs] })),
    );
  });

  it('tells an EPUB by its content, whatever the file is called', async () => {
    const manuscript = await read(sampleEpub(), 'upload.bin');
    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual([
      'The Letter',
      'The Lighthouse',
      'The Light Returns',
    ]);
  });

  it('joins a spine document that has no entry in the table of contents to the chapter before it', async () => {
    const manuscript = await read(
      buildEpub({
        chapters: [
          { title: 'One', paragraphs: ['Start of one.'] },
          { title: 'One, continued', paragraphs: ['More of one.'], inToc: false, heading: null },
          { title: 'Two', paragraphs: ['Start of two.'] },
        ],
      }),
    );
    expect(manuscript.chapters).toEqual([
      { title: 'One', paragraphs: ['Start of one.', 'More of one.'] },
      { title: 'Two', paragraphs: ['Start of two.'] },
    ]);
  });

  it('does not read the table of contents aloud when the nav document is in the spine', async () => {
    const manuscript = await read(buildEpub({ navInSpine: true, chapters: twoChapters }));
    expect(manuscript.chapters).toEqual([
      { title: 'One', paragraphs: ['First words.'] },
      { title: 'Two', paragraphs: ['Second words.'] },
    ]);
  });

  it('reads paragraphs, list items and quotes as plain text, dropping scripts, styles and note references', async () => {
    const page = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Ignored title</title><style>p { color: red; }</style><script>var x = 1;</script></head>
<body>
<h1>One</h1>
<p>Fish &amp; chips&#160;cost <em>three</em>
   pounds&nbsp;&#x2014; <a epub:type="noteref" href="#n1">1</a>at most.</p>
<ul><li>Salt</li><li>Vinegar</li></ul>
<blockquote><p>A quoted line.</p></blockquote>
<div>Loose text in a div</div>
<script>document.write("never read")</script>
<aside epub:type="footnote" id="n1"><p>A footnote.</p></aside>
</body></html>`;
    const manuscript = await read(
      buildEpub({
        chapters: twoChapters,
        extraFiles: { [`${EPUB_CONTENT_DIR}/chapter-1.xhtml`]: page },
      }),
    );
    expect(manuscript.chapters[0]).toEqual({
      title: 'One',
      paragraphs: [
        'Fish & chips cost three pounds — at most.',
        'Salt',
        'Vinegar',
        'A quoted line.',
        'Loose text in a div',
      ],
    });
  });
});

describe('reading an EPUB 2', () => {
  it('takes chapter titles from the NCX and the cover from <meta name="cover">', async () => {
    const manuscript = await read(
      buildEpub({
        version: 2,
        title: 'Old Format',
        author: 'A. Writer',
        cover: { contentType: 'image/png', bytes: TINY_PNG },
        chapters: [
          { title: 'Chapter I', paragraphs: ['It began.'], heading: 'CHAPTER I' },
          { title: 'Chapter II', paragraphs: ['It went on.'], heading: null },
        ],
      }),
    );
    expect(manuscript.title).toBe('Old Format');
    expect(manuscript.author).toBe('A. Writer');
    expect(manuscript.cover?.contentType).toBe('image/png');
    expect(manuscript.chapters).toEqual([
      { title: 'Chapter I', paragraphs: ['It began.'] },
      { title: 'Chapter II', paragraphs: ['It went on.'] },
    ]);
  });
});

describe('refusing an EPUB', () => {
  it('refuses DRM: META-INF/encryption.xml encrypts the content documents', async () => {
    const error = await refusal(
      read(buildEpub({ chapters: twoChapters, encrypted: [`${EPUB_CONTENT_DIR}/chapter-1.xhtml`] })),
    );
    expect(error.code).toBe('PROJECT_IMPORT_DRM');
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('This EPUB is protected by DRM and cannot be imported.');
  });

  it('imports a book whose encryption.xml only obfuscates fonts', async () => {
    const manuscript = await read(
      buildEpub({ chapters: twoChapters, encrypted: [`${EPUB_CONTENT_DIR}/fonts/serif.otf`] }),
    );
    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual(['One', 'Two']);
  });

  it('refuses a truncated zip as corrupt', async () => {
    const whole = sampleEpub();
    const error = await refusal(read(whole.subarray(0, Math.floor(whole.length / 2))));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
    expect(error.statusCode).toBe(400);
  });

  it('refuses a file called .epub that is not a zip at all', async () => {
    const error = await refusal(read(Buffer.from('<html>not a book</html>')));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });

  it('refuses an EPUB whose container names no package document', async () => {
    const error = await refusal(read(buildEpub({ chapters: twoChapters, withoutOpf: true })));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });

  it('refuses an EPUB whose package document is broken XML', async () => {
    const error = await refusal(
      read(buildEpub({ chapters: twoChapters, opfText: '<package><metadata><title>Oops</metadata>' })),
    );
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });

  it('refuses a zip called .epub that holds neither a mimetype nor a container', async () => {
    const bytes = Buffer.from(zipSync({ 'notes.txt': strToU8('hello') }));
    const error = await refusal(read(bytes));
    expect(error.code).toBe('PROJECT_IMPORT_CORRUPT');
  });

  it('refuses an EPUB whose only spine document is a cover page without text', async () => {
    const error = await refusal(
      read(buildEpub({ coverPage: true, cover: { contentType: 'image/png', bytes: TINY_PNG }, chapters: [] })),
    );
    expect(error.code).toBe('PROJECT_IMPORT_EMPTY');
  });
});
