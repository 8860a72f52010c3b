export interface TarEntry {
  name: string;
  bytes: Buffer;
}

const BLOCK = 512;

/** Whether the bytes are a POSIX or GNU tar archive ('ustar' magic in the first header). */
export const isTar = (bytes: Buffer) => bytes.length >= BLOCK && bytes.toString('latin1', 257, 262) === 'ustar';

/** A NUL-terminated text field of a header. */
const textField = (header: Buffer, start: number, length: number) =>
  header.toString('utf8', start, start + length).replace(/\0.*$/s, '');

/**
 * A numeric field: octal text, or (GNU, for sizes of 8 GiB and more) base-256 with the top bit of
 * the first byte set.
 */
function numberField(header: Buffer, start: number, length: number): number {
  const first = header[start] ?? 0;
  if (first & 0x80) {
    let value = first & 0x7f;
    for (let i = start + 1; i < start + length; i += 1) value = value * 256 + (header[i] ?? 0);
    return value;
  }
  const text = textField(header, start, length).trim();
  return text ? Number.parseInt(text, 8) : 0;
}

/** The `path` record of a PAX extended header ("<length> <key>=<value>\n" records). */
function paxPath(data: Buffer): string | null {
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space < 0) break;
    const length = Number.parseInt(data.toString('latin1', offset, space), 10);
    if (!Number.isFinite(length) || length <= 0) break;
    const record = data.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    if (record.slice(0, equals) === 'path') return record.slice(equals + 1);
    offset += length;
  }
  return null;
}

/**
 * Reads the regular files of a tar archive. Besides plain ustar headers it understands the two
 * ways a long file name is written: a PAX extended header (`x`, its `path` record) and GNU's
 * `././@LongLink` entry (`L`); global PAX headers and other entry types are skipped.
 */
export function readTar(bytes: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | null = null;
  let offset = 0;
  while (offset + BLOCK <= bytes.length) {
    const header = bytes.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = numberField(header, 124, 12);
    const type = textField(header, 156, 1);
    if (!Number.isFinite(size) || offset + BLOCK + size > bytes.length) throw new Error('truncated tar archive');
    const data = bytes.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') longName = paxPath(data) ?? longName;
    else if (type === 'L') longName = data.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '' || type === '0' || type === '7') {
      const prefix = textField(header, 345, 155);
      const shortName = prefix ? `${prefix}/${textField(header, 0, 100)}` : textField(header, 0, 100);
      entries.push({ name: longName ?? shortName, bytes: data });
      longName = null;
    } else if (type !== 'g') {
      // A directory, link or anything else: the long name it carried is spent on it.
      longName = null;
    }
  }
  return entries;
}
