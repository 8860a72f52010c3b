export interface TarEntry {
  name: string;
  bytes: Buffer;
}

/** Whether the bytes are a POSIX tar archive ('ustar' magic in the first header). */
export const isTar = (bytes: Buffer) => bytes.length >= 512 && bytes.toString('latin1', 257, 262) === 'ustar';

/** Reads the regular files of a tar archive (512-byte headers, octal sizes, data padded to 512). */
export function readTar(bytes: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= bytes.length) {
    const header = bytes.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .toString('latin1', start, start + length)
        .replace(/\0.*$/s, '')
        .trim();
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12) || '0', 8);
    const type = field(156, 1);
    if (!Number.isFinite(size) || offset + 512 + size > bytes.length) throw new Error('truncated tar archive');
    if (type === '' || type === '0') entries.push({ name, bytes: bytes.subarray(offset + 512, offset + 512 + size) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** Builds a tar archive of regular files (used by tests and fakes that must produce one). */
export function writeTar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(512);
    header.write(entry.name.slice(0, 99), 0, 'latin1');
    header.write('0000644\0', 100, 'latin1');
    header.write('0000000\0', 108, 'latin1');
    header.write('0000000\0', 116, 'latin1');
    header.write(`${entry.bytes.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    header.write(
      `${Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, '0')}\0`,
      136,
      'latin1',
    );
    header.write('        ', 148, 'latin1');
    header.write('0', 156, 'latin1');
    header.write('ustar\0' + '00', 257, 'latin1');
    let checksum = 0;
    for (const byte of header) checksum += byte;
    header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    parts.push(header, entry.bytes, Buffer.alloc((512 - (entry.bytes.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}
