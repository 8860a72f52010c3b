import { strFromU8, unzipSync } from 'fflate';
import { AppError } from '../../../http/errors.js';
import { MAX_UNPACKED_BYTES } from './limits.js';

/** A zip's local file header ("PK\x03\x04") or, for an empty zip, its end record ("PK\x05\x06"). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/**
 * A zip read on demand: the directory once, each entry inflated only when asked for, so an EPUB's
 * images are never unpacked to read its text. A file that is not a whole zip, or an entry that
 * does not inflate, is PROJECT_IMPORT_CORRUPT; one that claims to unpack to more than
 * MAX_UNPACKED_BYTES is PROJECT_IMPORT_TOO_LARGE.
 */
export class ZipArchive {
  private readonly sizes = new Map<string, number>();
  private readonly inflated = new Map<string, Uint8Array>();

  constructor(private readonly bytes: Uint8Array) {
    let unpacked = 0;
    this.unzip((entry) => {
      this.sizes.set(entry.name, entry.originalSize);
      unpacked += entry.originalSize;
      return false;
    });
    if (unpacked > MAX_UNPACKED_BYTES) throw new AppError('PROJECT_IMPORT_TOO_LARGE');
  }

  get names(): string[] {
    return [...this.sizes.keys()];
  }

  has(name: string): boolean {
    return this.sizes.has(name);
  }

  /**
   * Inflates these entries in one pass over the zip and keeps them for `read`: a book of 200
   * chapter files is then read in one pass, not 200.
   */
  prefetch(names: Iterable<string>): void {
    const wanted = new Set([...names].filter((name) => this.sizes.has(name) && !this.inflated.has(name)));
    if (wanted.size === 0) return;
    for (const [name, bytes] of Object.entries(this.unzip((entry) => wanted.has(entry.name)))) {
      this.inflated.set(name, bytes);
    }
  }

  /** The entry's bytes, or null when the zip has no such entry. */
  read(name: string): Uint8Array | null {
    if (!this.sizes.has(name)) return null;
    return this.inflated.get(name) ?? this.unzip((entry) => entry.name === name)[name] ?? null;
  }

  /** The entry as UTF-8 text (a leading byte-order mark dropped), or null when it is missing. */
  readText(name: string): string | null {
    const bytes = this.read(name);
    if (bytes === null) return null;
    return strFromU8(bytes).replace(/^\uFEFF/, '');
  }

  private unzip(filter: (entry: { name: string; originalSize: number }) => boolean) {
    try {
      return unzipSync(this.bytes, { filter });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // fflate says "invalid zip data", "unexpected EOF", "unknown compression type": all a broken file.
      throw new AppError('PROJECT_IMPORT_CORRUPT');
    }
  }
}
