import type { TarEntry } from '../../src/audio/tar.js';

/**
 * How an entry's name is written: in the 100-byte header field, or (for names that do not fit)
 * as a PAX extended header or a GNU `././@LongLink` entry before it, as real tar writers do.
 */
export interface TarFile extends TarEntry {
  longName?: 'pax' | 'gnu';
}

function header(name: string, size: number, type: string): Buffer {
  const block = Buffer.alloc(512);
  block.write(name.slice(0, 99), 0, 'utf8');
  block.write('0000644\0', 100, 'latin1');
  block.write('0000000\0', 108, 'latin1');
  block.write('0000000\0', 116, 'latin1');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'latin1',
  );
  block.write('        ', 148, 'latin1');
  block.write(type, 156, 'latin1');
  block.write('ustar\0' + '00', 257, 'latin1');
  let checksum = 0;
  for (const byte of block) checksum += byte;
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

const padded = (bytes: Buffer) => [bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512)];

/** A PAX record: its own length in decimal, a space, key=value and a newline. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return Buffer.from(`${length}${body}`);
}

/** Builds a tar archive of regular files, as MiniMax's asynchronous speech answers with one. */
export function writeTar(entries: TarFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (entry.longName === 'pax') {
      const record = paxRecord('path', entry.name);
      parts.push(header('PaxHeader/long', record.length, 'x'), ...padded(record));
    } else if (entry.longName === 'gnu') {
      const name = Buffer.from(`${entry.name}\0`);
      parts.push(header('././@LongLink', name.length, 'L'), ...padded(name));
    }
    parts.push(header(entry.name, entry.bytes.length, '0'), ...padded(entry.bytes));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}
