import type { OutputFormat } from '../../../audio/audio-output.js';
import type { Mp3Kbps } from '../../../audio/mp3-stream.js';
import { AppError } from '../../../http/errors.js';

/** ElevenLabs' default, which its SDK and API use when `output_format` is left out. */
const DEFAULT_OUTPUT_FORMAT = 'mp3_44100_128';

/** The sample rates MP3 (MPEG 1, 2 and 2.5) defines, and so the ones LAME encodes; PCM and WAV offer the same. */
const SAMPLE_RATES = [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000];
const MP3_KBPS: readonly Mp3Kbps[] = [32, 48, 64, 96, 128, 160, 192];
/** ElevenLabs' Opus formats: always 48 kHz, at these bit rates. */
const OPUS_KBPS: readonly Mp3Kbps[] = [32, 64, 96, 128, 192];

/**
 * Whether MP3 has a bit rate at a sample rate: MPEG-1 (32 kHz and up) starts at 32 kbps, MPEG-2
 * (16-24 kHz) stops at 160, and LAME caps MPEG-2.5 (8-12 kHz) at 64.
 */
function mp3BitRateFits(sampleRate: number, kbps: number): boolean {
  if (sampleRate >= 32_000) return kbps >= 32;
  if (sampleRate >= 16_000) return kbps <= 160;
  return kbps <= 64;
}

const unsupported = (value: string) =>
  new AppError(
    'INVALID_OUTPUT_FORMAT',
    `output_format "${value}" is not supported. Use mp3_<sample rate>_<kbps> (for example ${DEFAULT_OUTPUT_FORMAT}), ` +
      `pcm_<sample rate> or wav_<sample rate>, with a sample rate of ${SAMPLE_RATES.join(', ')} Hz and ` +
      `${MP3_KBPS.join(', ')} kbps, or opus_48000_<kbps> with ${OPUS_KBPS.join(', ')} kbps.`,
  );

/**
 * Reads ElevenLabs' `output_format` (`mp3_44100_128`, `pcm_16000`, `wav_24000`, `opus_48000_64`):
 * the container and sample rate are always honoured, the engine's audio being converted to that
 * rate. µ-law and A-law are refused: we have no encoder for them.
 */
export function parseOutputFormat(value: string = DEFAULT_OUTPUT_FORMAT): OutputFormat {
  const opus = /^opus_48000_(\d+)$/.exec(value);
  if (opus) {
    const kbps = OPUS_KBPS.find((rate) => rate === Number(opus[1]));
    if (!kbps) throw unsupported(value);
    return { container: 'opus', sampleRate: 48_000, kbps };
  }
  const mp3 = /^mp3_(\d+)_(\d+)$/.exec(value);
  if (mp3) {
    const sampleRate = Number(mp3[1]);
    const kbps = MP3_KBPS.find((rate) => rate === Number(mp3[2]));
    if (!SAMPLE_RATES.includes(sampleRate) || !kbps || !mp3BitRateFits(sampleRate, kbps)) throw unsupported(value);
    return { container: 'mp3', sampleRate, kbps };
  }
  const raw = /^(pcm|wav)_(\d+)$/.exec(value);
  const sampleRate = Number(raw?.[2]);
  if (!raw || !SAMPLE_RATES.includes(sampleRate)) throw unsupported(value);
  return { container: raw[1] === 'wav' ? 'wav' : 'pcm', sampleRate };
}
