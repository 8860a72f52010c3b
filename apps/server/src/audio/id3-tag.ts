/**
 * Writes an ID3v2.4 tag: title, artist, album, a front cover and chapters. Chapters follow the
 * ID3v2 Chapter Frame Addendum (CHAP and CTOC frames, version 1.0): one CHAP per chapter with its
 * start and end in milliseconds and a TIT2 sub-frame naming it, and one top-level, ordered CTOC
 * listing them, which is what players read to show a chapter list. v2.4 rather than v2.3 because
 * it has UTF-8 text (titles in any script) and every current tag reader takes it.
 */

export interface Id3Picture {
  contentType: 'image/jpeg' | 'image/png';
  bytes: Uint8Array;
}

export interface Id3Chapter {
  title: string;
  startMs: number;
  endMs: number;
}

export interface Id3Tag {
  title?: string;
  artist?: string;
  album?: string;
  cover?: Id3Picture;
  chapters?: Id3Chapter[];
}

/** Text encoding byte for UTF-8 (ID3v2.4 section 4). */
const UTF8 = 3;
/** "Front cover" in APIC's list of picture types. */
const FRONT_COVER = 3;
/** CTOC flags: top-level (bit 1) and ordered (bit 0). */
const TOP_LEVEL_ORDERED = 0x03;
/** A CHAP byte offset of all ones means "no offset; use the times". */
const NO_OFFSET = 0xffff_ffff;
/** CTOC counts its entries in one byte. */
export const MAX_ID3_CHAPTERS = 255;
/** ID3v2.4 sizes are 28-bit synchsafe integers. */
const MAX_SYNCHSAFE = 2 ** 28 - 1;

/** A 28-bit number as four bytes of seven bits each, as ID3v2.4 writes every size. */
function synchsafe(value: number): Buffer {
  if (value > MAX_SYNCHSAFE) throw new RangeError(`ID3 size ${value} is over 256 MiB`);
  return Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
}

function frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), synchsafe(body.length), Buffer.alloc(2), body]);
}

function textFrame(id: string, text: string): Buffer {
  return frame(id, Buffer.concat([Buffer.from([UTF8]), Buffer.from(text, 'utf8')]));
}

const terminated = (text: string) => Buffer.from(`${text}\0`, 'latin1');

function pictureFrame(picture: Id3Picture): Buffer {
  return frame(
    'APIC',
    Buffer.concat([
      Buffer.from([UTF8]),
      terminated(picture.contentType),
      Buffer.from([FRONT_COVER]),
      // An empty description, ended by UTF-8's one-byte terminator.
      Buffer.from([0]),
      Buffer.from(picture.bytes),
    ]),
  );
}

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

const chapterId = (index: number) => `ch${index + 1}`;

function chapterFrame(chapter: Id3Chapter, index: number): Buffer {
  return frame(
    'CHAP',
    Buffer.concat([
      terminated(chapterId(index)),
      uint32(Math.round(chapter.startMs)),
      uint32(Math.round(chapter.endMs)),
      uint32(NO_OFFSET),
      uint32(NO_OFFSET),
      textFrame('TIT2', chapter.title),
    ]),
  );
}

function tableOfContents(chapters: Id3Chapter[], title: string | undefined): Buffer {
  return frame(
    'CTOC',
    Buffer.concat([
      terminated('toc'),
      Buffer.from([TOP_LEVEL_ORDERED, chapters.length]),
      ...chapters.map((_, index) => terminated(chapterId(index))),
      ...(title ? [textFrame('TIT2', title)] : []),
    ]),
  );
}

/** The whole tag: a 10-byte header, then the frames (no padding, no footer, no unsynchronisation). */
export function writeId3Tag(tag: Id3Tag): Buffer {
  const chapters = tag.chapters ?? [];
  if (chapters.length > MAX_ID3_CHAPTERS) {
    throw new RangeError(`An ID3 table of contents holds at most ${MAX_ID3_CHAPTERS} chapters`);
  }
  const frames = Buffer.concat([
    ...(tag.title ? [textFrame('TIT2', tag.title)] : []),
    ...(tag.artist ? [textFrame('TPE1', tag.artist)] : []),
    ...(tag.album ? [textFrame('TALB', tag.album)] : []),
    ...(tag.cover ? [pictureFrame(tag.cover)] : []),
    ...(chapters.length > 0 ? [tableOfContents(chapters, tag.title)] : []),
    ...chapters.map(chapterFrame),
  ]);
  const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), synchsafe(frames.length)]);
  return Buffer.concat([header, frames]);
}
