import { endianness } from 'node:os';

/**
 * A complete WAV file (RIFF, 16-bit PCM, mono) with its real sizes in the header, for downloads.
 * Streams use `streamingWavHeader` instead, whose sizes are unknown when it is sent.
 */

/** RIFF sizes are 32-bit: the data must leave room for the 36 header bytes counted with it. */
const MAX_DATA_BYTES = 0xffff_ffff - 36;

export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  if (dataBytes > MAX_DATA_BYTES) throw new RangeError('Audio too long for one WAV file (4 GiB)');
  const file = Buffer.alloc(44 + dataBytes);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  file.writeUInt16LE(2, 32); // bytes per sample frame
  file.writeUInt16LE(16, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataBytes, 40);
  if (endianness() === 'LE') {
    // The samples are already in WAV's byte order: one copy instead of a call per sample.
    Buffer.from(samples.buffer, samples.byteOffset, dataBytes).copy(file, 44);
  } else {
    for (let index = 0; index < samples.length; index += 1) file.writeInt16LE(samples[index] as number, 44 + index * 2);
  }
  return file;
}
