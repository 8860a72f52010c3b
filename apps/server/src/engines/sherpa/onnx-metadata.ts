import { open } from 'node:fs/promises';

/** ModelProto's `metadata_props` field, and StringStringEntryProto's `key` and `value`. */
const METADATA_FIELD = 14;
const KEY_FIELD = 1;
const VALUE_FIELD = 2;
const WIRE_VARINT = 0;
const WIRE_64BIT = 1;
const WIRE_LENGTH = 2;
const WIRE_32BIT = 5;

/**
 * Reads the key/value metadata of an ONNX model (what sherpa-onnx reads: sample_rate, n_speakers,
 * speaker_names, language, ...) without decoding the model. A model file is one protobuf message
 * whose large fields (the graph and its weights) are length-prefixed, so the reader walks the top
 * level with positioned reads and skips them: reading a 300 MB model's metadata touches a few KB.
 */
export async function readOnnxMetadata(file: string): Promise<Record<string, string>> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const metadata: Record<string, string> = {};
    let position = 0;
    const head = Buffer.alloc(20);
    while (position < size) {
      const { bytesRead } = await handle.read(head, 0, head.length, position);
      const tag = readVarint(head, 0, bytesRead);
      const field = Number(tag.value >> 3n);
      const wire = Number(tag.value & 7n);
      let offset = tag.next;
      if (wire === WIRE_VARINT) {
        offset = readVarint(head, offset, bytesRead).next;
      } else if (wire === WIRE_64BIT || wire === WIRE_32BIT) {
        offset += wire === WIRE_64BIT ? 8 : 4;
      } else if (wire === WIRE_LENGTH) {
        const length = readVarint(head, offset, bytesRead);
        const start = position + length.next;
        const byteLength = Number(length.value);
        if (field === METADATA_FIELD) {
          const entry = Buffer.alloc(byteLength);
          await handle.read(entry, 0, byteLength, start);
          const { key, value } = readEntry(entry);
          if (key !== null) metadata[key] = value;
        }
        position = start + byteLength;
        continue;
      } else {
        throw new Error(`${file} is not an ONNX model (wire type ${wire} at byte ${position})`);
      }
      position += offset;
    }
    return metadata;
  } finally {
    await handle.close();
  }
}

function readVarint(bytes: Buffer, start: number, end: number): { value: bigint; next: number } {
  let value = 0n;
  let shift = 0n;
  for (let index = start; index < end; index += 1) {
    const byte = bytes[index] ?? 0;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return { value, next: index + 1 };
    shift += 7n;
  }
  throw new Error('truncated varint in an ONNX model');
}

function readEntry(entry: Buffer): { key: string | null; value: string } {
  let key: string | null = null;
  let value = '';
  let offset = 0;
  while (offset < entry.length) {
    const tag = readVarint(entry, offset, entry.length);
    const length = readVarint(entry, tag.next, entry.length);
    const text = entry.toString('utf8', length.next, length.next + Number(length.value));
    const field = Number(tag.value >> 3n);
    if (field === KEY_FIELD) key = text;
    if (field === VALUE_FIELD) value = text;
    offset = length.next + Number(length.value);
  }
  return { key, value };
}
