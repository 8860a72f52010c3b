import { strToU8, type Zippable, zipSync } from 'fflate';

/**
 * Writes EPUB files for tests: EPUB 3 (a nav.xhtml table of contents) or EPUB 2 (an NCX), with
 * metadata, a cover, front matter outside the table of contents, and the ways a file goes wrong
 * (DRM, no OPF, no mimetype). The bytes are a real zip, as a reader would receive them.
 */

export interface EpubChapter {
  title: string;
  paragraphs: string[];
  /** False leaves the chapter's document out of the table of contents (it joins the one before). */
  inToc?: boolean;
  /** The heading the document itself starts with; the title unless given, none when null. */
  heading?: string | null;
}

export interface EpubBook {
  /** 3 writes nav.xhtml; 2 writes toc.ncx and an EPUB 2 cover meta. */
  version?: 2 | 3;
  title?: string;
  author?: string;
  cover?: { contentType: 'image/png' | 'image/jpeg'; bytes: Uint8Array };
  /** A cover page (an image, no text) at the start of the spine, outside the table of contents. */
  coverPage?: boolean;
  /** Puts the EPUB 3 nav document in the spine, before the chapters, as many books do. */
  navInSpine?: boolean;
  chapters: EpubChapter[];
  /** Paths (from the zip's root) that META-INF/encryption.xml lists as encrypted. */
  encrypted?: string[];
  /** Leaves out META-INF/container.xml's rootfile, so there is no OPF to find. */
  withoutOpf?: boolean;
  /** Replaces the OPF with these characters (broken XML, say). */
  opfText?: string;
  /** More files, by path from the zip's root. */
  extraFiles?: Record<string, string | Uint8Array>;
}

/** Where the package lives inside the zip, as most EPUBs have it. */
export const EPUB_CONTENT_DIR = 'OEBPS';

/** A valid 1×1 PNG. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const chapterFile = (index: number) => `chapter-${index + 1}.xhtml`;

function xhtml(title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>${escapeXml(title)}</title><style>p { margin: 0; }</style></head>
<body>
${body}
</body>
</html>`;
}

function chapterDocument(chapter: EpubChapter): string {
  const heading = chapter.heading === undefined ? chapter.title : chapter.heading;
  const lines = [
    ...(heading === null ? [] : [`<h1>${escapeXml(heading)}</h1>`]),
    ...chapter.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`),
  ];
  return xhtml(chapter.title, `<section epub:type="chapter">\n${lines.join('\n')}\n</section>`);
}

function navDocument(book: EpubBook): string {
  const entries = book.chapters
    .map((chapter, index) => ({ chapter, index }))
    .filter(({ chapter }) => chapter.inToc !== false)
    .map(({ chapter, index }) => `<li><a href="${chapterFile(index)}">${escapeXml(chapter.title)}</a></li>`);
  return xhtml('Contents', `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>\n${entries.join('\n')}\n</ol></nav>`);
}

function ncxDocument(book: EpubBook): string {
  const points = book.chapters
    .map((chapter, index) => ({ chapter, index }))
    .filter(({ chapter }) => chapter.inToc !== false)
    .map(
      ({ chapter, index }, order) =>
        `<navPoint id="np-${index + 1}" playOrder="${order + 1}"><navLabel><text>${escapeXml(chapter.title)}</text></navLabel><content src="${chapterFile(index)}"/></navPoint>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head><meta name="dtb:uid" content="urn:uuid:sayso-test"/></head>
<docTitle><text>${escapeXml(book.title ?? '')}</text></docTitle>
<navMap>
${points.join('\n')}
</navMap>
</ncx>`;
}

function packageDocument(book: EpubBook): string {
  const version = book.version ?? 3;
  const coverExtension = book.cover?.contentType === 'image/jpeg' ? 'jpg' : 'png';
  const manifest: string[] = [];
  const spine: string[] = [];
  const metadata: string[] = [
    '<dc:identifier id="uid">urn:uuid:sayso-test</dc:identifier>',
    '<dc:language>en</dc:language>',
  ];
  if (book.title !== undefined) metadata.push(`<dc:title>${escapeXml(book.title)}</dc:title>`);
  if (book.author !== undefined) metadata.push(`<dc:creator>${escapeXml(book.author)}</dc:creator>`);
  if (version === 3) {
    metadata.push('<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>');
    manifest.push('<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>');
  } else {
    manifest.push('<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>');
  }
  if (book.cover) {
    const properties = version === 3 ? ' properties="cover-image"' : '';
    manifest.push(
      `<item id="cover-image" href="images/cover.${coverExtension}" media-type="${book.cover.contentType}"${properties}/>`,
    );
    if (version === 2) metadata.push('<meta name="cover" content="cover-image"/>');
  }
  if (book.navInSpine && version === 3) spine.push('<itemref idref="nav"/>');
  if (book.coverPage) {
    manifest.push('<item id="cover-page" href="cover.xhtml" media-type="application/xhtml+xml"/>');
    spine.push('<itemref idref="cover-page"/>');
  }
  book.chapters.forEach((_, index) => {
    manifest.push(`<item id="c${index + 1}" href="${chapterFile(index)}" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="c${index + 1}"/>`);
  });
  const toc = version === 2 ? ' toc="ncx"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${version}.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
${metadata.join('\n')}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine${toc}>
${spine.join('\n')}
</spine>
</package>`;
}

function encryptionDocument(paths: string[]): string {
  const entries = paths.map(
    (path) => `<enc:EncryptedData xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
<enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
<enc:CipherData><enc:CipherReference URI="${escapeXml(path)}"/></enc:CipherData>
</enc:EncryptedData>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
${entries.join('\n')}
</encryption>`;
}

/** The EPUB's bytes. The mimetype entry comes first and is stored, as the format requires. */
export function buildEpub(book: EpubBook): Buffer {
  const dir = EPUB_CONTENT_DIR;
  const rootfile = book.withoutOpf
    ? ''
    : `<rootfile full-path="${dir}/content.opf" media-type="application/oebps-package+xml"/>`;
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>${rootfile}</rootfiles>
</container>`),
  };
  if (book.encrypted) files['META-INF/encryption.xml'] = strToU8(encryptionDocument(book.encrypted));
  if (!book.withoutOpf) files[`${dir}/content.opf`] = strToU8(book.opfText ?? packageDocument(book));
  if ((book.version ?? 3) === 3) files[`${dir}/nav.xhtml`] = strToU8(navDocument(book));
  else files[`${dir}/toc.ncx`] = strToU8(ncxDocument(book));
  if (book.cover) {
    const extension = book.cover.contentType === 'image/jpeg' ? 'jpg' : 'png';
    files[`${dir}/images/cover.${extension}`] = book.cover.bytes;
  }
  if (book.coverPage) {
    files[`${dir}/cover.xhtml`] = strToU8(
      xhtml('Cover', '<div class="cover"><img src="images/cover.png" alt=""/></div>'),
    );
  }
  book.chapters.forEach((chapter, index) => {
    files[`${dir}/${chapterFile(index)}`] = strToU8(chapterDocument(chapter));
  });
  for (const [path, content] of Object.entries(book.extraFiles ?? {})) {
    files[path] = typeof content === 'string' ? strToU8(content) : content;
  }
  return Buffer.from(zipSync(files));
}

/**
 * Issue 37's "small EPUB with three chapters and dialogue between two characters": Tom speaks
 * three paragraphs, Anna two, the narrator the rest. Quotes are straight and curly, attributions
 * before and after the quote, so both readers of dialogue are exercised.
 */
export const SAMPLE_BOOK = {
  version: 3,
  title: 'Salt & Light',
  author: 'Mara Quill',
  cover: { contentType: 'image/png', bytes: TINY_PNG },
  coverPage: true,
  chapters: [
    {
      title: 'The Letter',
      paragraphs: [
        'The letter arrived on a grey Tuesday, and nobody in the house wanted to open it.',
        '“Is it from the harbour office?” Anna asked.',
        '"It is from the lighthouse," said Tom.',
      ],
    },
    {
      title: 'The Lighthouse',
      paragraphs: [
        'They walked the cliff path at dawn, the wind pulling at their coats.',
        'Tom said, “The lamp has not turned for eleven years.”',
        '"Then who sent the letter?" Anna whispered.',
      ],
    },
    {
      title: 'The Light Returns',
      paragraphs: [
        'At the top of the tower the great lens stood clean and bright, as if someone had polished it that morning.',
        '“We light it tonight,” Tom replied.',
        'Far below, the boats turned for home.',
      ],
    },
  ],
} as const satisfies EpubBook;

/** The sample book's speakers, most lines first, with their paragraphs as (chapter, paragraph). */
export const SAMPLE_SPEAKERS = [
  {
    name: 'Tom',
    lines: [
      { chapter: 0, paragraph: 2 },
      { chapter: 1, paragraph: 1 },
      { chapter: 2, paragraph: 1 },
    ],
  },
  {
    name: 'Anna',
    lines: [
      { chapter: 0, paragraph: 1 },
      { chapter: 1, paragraph: 2 },
    ],
  },
];

/** The sample book's characters, as credits count them: every paragraph's code points. */
export const SAMPLE_CHARACTERS = SAMPLE_BOOK.chapters
  .flatMap((chapter) => chapter.paragraphs)
  .reduce((total, paragraph) => total + [...paragraph].length, 0);

/** The sample EPUB's bytes (title, author, cover, a cover page, three chapters of dialogue). */
export function sampleEpub(): Buffer {
  return buildEpub(SAMPLE_BOOK);
}
