/**
 * A manuscript as the projects domain receives it from an import or a paste: chapters of
 * paragraphs, with what the document says about itself. Parsers produce it; nothing here knows
 * about the database.
 */
export interface Manuscript {
  /** The document's own title (EPUB metadata, DOCX core properties, a first heading), if it has one. */
  title: string | null;
  author: string | null;
  /** The cover image, when an EPUB names one. */
  cover: ManuscriptCover | null;
  chapters: ManuscriptChapter[];
}

export interface ManuscriptCover {
  contentType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
}

export interface ManuscriptChapter {
  /** Never empty: a chapter the document leaves untitled is "Chapter N" (or "Front matter" first). */
  title: string;
  /**
   * Paragraphs in reading order: each becomes one block. Never empty strings, whitespace collapsed
   * to single spaces. The heading that starts a chapter is its title, not a paragraph.
   */
  paragraphs: string[];
}

/** The kinds of file a project can be made from. */
export type ManuscriptFormat = 'txt' | 'md' | 'epub' | 'docx';

/**
 * A speaker found in the text, with the paragraphs (by chapter and index, from 0) that are theirs.
 * `name` is as the text spells it most often ("Tom", or "TOM" in a script).
 */
export interface DetectedSpeaker {
  name: string;
  lines: { chapter: number; paragraph: number }[];
}
