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
