import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One member of the archive: JSON written out, or a stored file read as it is zipped. */
export type ArchiveEntry = { name: string; json: unknown } | { name: string; file: () => Promise<Readable> };

/**
 * A ZIP of the entries as a stream: JSON is compressed, stored files (audio, already compressed)
 * are kept as they are. Files are read one at a time and never held whole, and reading waits
 * while the receiver is behind, so a large history costs little memory.
 */
export function zipArchive(entries: AsyncIterable<ArchiveEntry>, onFailure: (error: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  // A receiver that left (the download was cancelled) closes `out`: stop reading files then.
  const drained = async () => {
    if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  const write = async () => {
    for await (const entry of entries) {
      if (out.destroyed) return;
      if ('json' in entry) {
        const member = new ZipDeflate(entry.name, { level: 6 });
        zip.add(member);
        member.push(strToU8(`${JSON.stringify(entry.json, null, 2)}\n`), true);
      } else {
        const member = new ZipPassThrough(entry.name);
        zip.add(member);
        const file = await entry.file();
        for await (const chunk of file) {
          if (out.destroyed) {
            file.destroy();
            return;
          }
          member.push(new Uint8Array(chunk as Buffer));
          await drained();
        }
        member.push(new Uint8Array(0), true);
      }
      await drained();
    }
    zip.end();
  };
  write().catch((error: unknown) => {
    onFailure(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
