/**
 * Stand-in for sherpa-onnx's ZipVoice bundle (`sherpa-onnx-zipvoice-distill-*-zh-en-emilia` plus the
 * separately published `vocos_24khz.onnx` vocoder): text encoder, flow-matching decoder, Vocos vocoder,
 * tokens.txt, lexicon.txt and espeak-ng-data, so sherpa-onnx-node's real ZipVoice runtime runs them.
 *
 * What the runtime (1.13.8) relies on, from `offline-tts-zipvoice-{model,impl}`, `vocos-vocoder`,
 * `vocoder`, `matcha-tts-lexicon` and probing:
 * - Text -> tokens: words found in lexicon.txt (`word tok tok …`, matched lower-cased) use its tokens;
 *   other words are phonemized by eSpeak (voice en-us) and each phoneme codepoint looked up in
 *   tokens.txt (`symbol id` per line; the line ` id` defines the space, which MUST exist); a space
 *   token separates words. `lexicon` and `dataDir` must both be given, or the process exits.
 * - The reference is scaled up to `targetRms` if quieter, turned into log-mel features
 *   (STFT n_fft 1024, hop 256, centred; 100 mels) times `featScale`, at the model's `sample_rate`
 *   (sherpa resamples the reference itself).
 * - `encoder*.onnx`: (tokens int64 [1, N], prompt tokens int64 [1, P], prompt feature frames int64 [1],
 *   speed float [1]) -> text condition [1, F, ·], F being the total frames, reference frames included.
 * - `decoder*.onnx`: (t float [1], x [1, F, 100], text condition, speech condition [1, F, 100] = the
 *   reference features then zeros, guidance scale float [1]) -> velocity [1, F, 100]; sherpa integrates
 *   x from Gaussian noise over `numSteps` Euler steps on t-shifted times ending at t = 1, and keeps the
 *   frames after the reference's. Metadata (all optional, read from the decoder): feat_dim, sample_rate,
 *   n_fft, hop_length, window_length, num_mels; the encoder's optional `use_espeak`.
 * - `vocos*.onnx`: log-mel [1, 100, frames] -> (magnitude, cos, sin) each [1, n_fft/2 + 1, frames], which
 *   sherpa inverts with an ISTFT configured by its metadata; `model_type` = `vocos` is required.
 * - Unlike older sherpa sources, 1.13.8 does NOT scale the result back down by RMS(reference) / targetRms
 *   after lifting a quiet reference: every reference quieter than targetRms sounds like it at targetRms.
 * - From `generationConfig` ZipVoice reads `referenceAudio`, `referenceSampleRate` (0 or no
 *   generationConfig: rejects with "TTS generation produced no audio"), `referenceText` (required, same
 *   rejection if empty), `speed` (the request's top-level speed is ignored once generationConfig is
 *   given), `numSteps` (default 5) and `silenceScale` (default 0.2: runs of |sample| <= 0.01 longer than
 *   0.2 s get shortened, hence the stand-in's base amplitude). The whole text goes to one encoder call.
 *
 * The stand-in: ZIPVOICE_FRAMES_PER_TOKEN frames per text token, divided by the speed and rounded up
 * (zipvoiceExpectedSamples), voiced as a ZIPVOICE_TONE_HZ tone of amplitude ZIPVOICE_BASE_AMPLITUDE +
 * ZIPVOICE_AMPLITUDE_PER_MEL × the mean mel magnitude of the (targetRms-lifted) reference. The mel
 * magnitudes scale with the reference, so above the base a reference twice as loud gives a tone
 * twice as loud. The level travels features -> decoder -> mel -> vocoder, as a real voice would.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { espeakNgDataDir } from './espeak-data.js';
import { encodeModel, FLOAT, floatScalar, floats, INT64, int64s, intAttribute, node, tensor } from './onnx-graph.js';

export const ZIPVOICE_SAMPLE_RATE = 24_000;
/** Generated mel frames per text token at speed 1. */
export const ZIPVOICE_FRAMES_PER_TOKEN = 4;
export const ZIPVOICE_HOP_LENGTH = 256;
const N_FFT = 1_024;
const MEL_DIM = 100;
const BINS = N_FFT / 2 + 1;
/** The tone sits in one STFT bin whose phase turns a whole number of cycles per hop, so it needs no phase tracking. */
const TONE_BIN = 8;
export const ZIPVOICE_TONE_HZ = (TONE_BIN * ZIPVOICE_SAMPLE_RATE) / N_FFT;
/** The `featScale` the stand-in's graphs assume; zipvoiceConfig passes it. */
export const ZIPVOICE_FEAT_SCALE = 0.1;
/** sherpa's default `targetRms`: quieter references are normalised up to it and the output scaled back. */
export const ZIPVOICE_TARGET_RMS = 0.1;
/** Grid for the scaled log-mel level, so the random starting noise never reaches the output. */
const LEVEL_STEP = 1 / 65_536;
/** The tone's amplitude with a silent reference: keeps every output above sherpa's 0.01 silence threshold. */
export const ZIPVOICE_BASE_AMPLITUDE = 0.1;
/** Extra tone amplitude per unit of the reference's mean mel magnitude. */
export const ZIPVOICE_AMPLITUDE_PER_MEL = 0.01;
/**
 * sherpa's ISTFT (Hann, n_fft 1024, hop 256, centred) turns a single-bin magnitude m into a sine of
 * amplitude m × 2/n_fft × (Σ window over the overlaps = 2) / (Σ window² = 1.5), i.e. m / 384.
 */
const MAGNITUDE_PER_AMPLITUDE = ((N_FFT / 2) * 1.5) / 2;

export const ZIPVOICE_FILES = {
  encoder: 'encoder.onnx',
  decoder: 'decoder.onnx',
  vocoder: 'vocos_24khz.onnx',
  tokens: 'tokens.txt',
  lexicon: 'lexicon.txt',
  dataDir: 'espeak-ng-data',
} as const;

/** Spelled-out words the stand-in lexicon knows: each becomes one token per letter. */
export const ZIPVOICE_LEXICON_WORDS = ['hello', 'world', 'this', 'is', 'a', 'test', 'of', 'the', 'voice', 'again'];
const PUNCTUATION = [',', '.', '!', '?', ';'];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
/** IPA symbols eSpeak's en-us voice emits, so words outside the lexicon still become tokens. */
const IPA = [
  ...'ɑɐɒæɓʙβɔɕçɗɖðʤəɘɚɛɜɝɞɟʄɡɠɢʛɦɧħɥʜɨɪʝɭɬɫɮʟɱɯɰŋɳɲɴøɵɸθœɶʘɹɺɾɻʀʁɽʂʃʈʧʉʊʋⱱʌɣɤʍχʎʏʑʐʒʔʡʕʢǀǁǂǃˈˌːˑʼʴʰʱʲʷˠˤ˞ᵻ',
];

/**
 * Text tokens sherpa makes of text written only with lexicon words (lower case: the lexicon lookup is
 * case-sensitive, capitalised words go to eSpeak) and the punctuation , . ! ? ; — the words' letters,
 * one token per punctuation mark, and a space token before every item that follows a word (so also
 * before punctuation, but not after it). Sentences are not split: all tokens go to one encoder call.
 */
export function zipvoiceTokenCount(text: string): number {
  let count = 0;
  let previous: string | undefined;
  for (const item of text.match(/[a-z]+|[,.!?;]/g) ?? []) {
    if (previous !== undefined && /^[a-z]/.test(previous)) count += 1;
    count += item.length;
    previous = item;
  }
  return count;
}

/** Mel frames the stand-in generates for lexicon-only text at a speed (sherpa passes generationConfig.speed). */
export function zipvoiceExpectedFrames(text: string, speed = 1): number {
  return Math.ceil((ZIPVOICE_FRAMES_PER_TOKEN * zipvoiceTokenCount(text)) / speed);
}

/** Samples sherpa returns for those frames: its centred ISTFT yields one hop per frame, less one. */
export function zipvoiceExpectedSamples(text: string, speed = 1): number {
  return (zipvoiceExpectedFrames(text, speed) - 1) * ZIPVOICE_HOP_LENGTH;
}

/** Text encoder: F = reference frames + ceil(FRAMES_PER_TOKEN × N / speed); channel 0 carries the reference frames. */
function encoderModel(): Uint8Array {
  return encodeModel({
    name: 'zipvoice-encoder-stand-in',
    nodes: [
      node('Shape', ['tokens'], ['tokens_shape']),
      node('Gather', ['tokens_shape', 'one_index'], ['token_count'], [intAttribute('axis', 0)]),
      node('Cast', ['token_count'], ['token_count_float'], [intAttribute('to', FLOAT)]),
      node('Mul', ['token_count_float', 'frames_per_token'], ['frames_at_1x']),
      node('Div', ['frames_at_1x', 'speed'], ['frames_at_speed']),
      node('Ceil', ['frames_at_speed'], ['generated_frames_float']),
      node('Cast', ['generated_frames_float'], ['generated_frames'], [intAttribute('to', INT64)]),
      node('Add', ['generated_frames', 'prompt_features_len'], ['total_frames']),
      node('Concat', ['one_one', 'total_frames', 'one_1d'], ['column_shape'], [intAttribute('axis', 0)]),
      node('Cast', ['prompt_features_len'], ['prompt_frames_float'], [intAttribute('to', FLOAT)]),
      node('Reshape', ['prompt_frames_float', 'cell_shape'], ['prompt_frames_cell']),
      node('Expand', ['prompt_frames_cell', 'column_shape'], ['prompt_frames_column']),
      node('Pad', ['prompt_frames_column', 'pad_to_features'], ['text_condition']),
    ],
    initializers: [
      int64s('one_index', [1], []),
      floatScalar('frames_per_token', ZIPVOICE_FRAMES_PER_TOKEN),
      int64s('one_one', [1]),
      int64s('one_1d', [1]),
      int64s('cell_shape', [1, 1, 1]),
      int64s('pad_to_features', [0, 0, 0, 0, 0, MEL_DIM - 1]),
    ],
    inputs: [
      tensor('tokens', INT64, [1, 'num_tokens']),
      tensor('prompt_tokens', INT64, [1, 'num_prompt_tokens']),
      tensor('prompt_features_len', INT64, [1]),
      tensor('speed', FLOAT, [1]),
    ],
    outputs: [tensor('text_condition', FLOAT, [1, 'num_frames', MEL_DIM])],
    metadata: { use_espeak: '1', use_pinyin: '0', comment: 'sayso test stand-in' },
  });
}

/**
 * Flow decoder: the target is the log of the reference's mean mel magnitude (the speech condition's
 * first P frames, P read from the text condition, undone from log × featScale), times featScale and
 * snapped to a grid. The velocity (target - x) / (1 - t) lands the last Euler step, which ends at
 * t = 1, exactly on it whatever the noise.
 */
function decoderModel(): Uint8Array {
  return encodeModel({
    name: 'zipvoice-decoder-stand-in',
    nodes: [
      node('Slice', ['text_condition', 'zeros_3', 'ones_3', 'axes_3'], ['prompt_frames_cell']),
      node('Reshape', ['prompt_frames_cell', 'scalar_shape'], ['prompt_frames']),
      node('Shape', ['speech_condition'], ['condition_shape']),
      node('Gather', ['condition_shape', 'one_index'], ['total_frames'], [intAttribute('axis', 0)]),
      node('Cast', ['total_frames'], ['total_frames_float'], [intAttribute('to', FLOAT)]),
      node('Range', ['zero', 'total_frames_float', 'one'], ['frame_indices']),
      node('Less', ['frame_indices', 'prompt_frames'], ['is_prompt_frame']),
      node('Cast', ['is_prompt_frame'], ['prompt_mask_flat'], [intAttribute('to', FLOAT)]),
      node('Reshape', ['prompt_mask_flat', 'mask_shape'], ['prompt_mask']),
      node('Div', ['speech_condition', 'feat_scale'], ['log_mels']),
      node('Exp', ['log_mels'], ['mels']),
      node('Mul', ['mels', 'prompt_mask'], ['prompt_mels']),
      node('ReduceSum', ['prompt_mels'], ['mel_sum'], [intAttribute('keepdims', 0)]),
      node('Mul', ['prompt_frames', 'mel_dim'], ['mel_count']),
      node('Div', ['mel_sum', 'mel_count'], ['mean_mel']),
      node('Log', ['mean_mel'], ['log_mean_mel']),
      node('Mul', ['log_mean_mel', 'feat_scale'], ['level']),
      node('Div', ['level', 'level_step'], ['level_in_steps']),
      node('Round', ['level_in_steps'], ['level_steps_rounded']),
      node('Mul', ['level_steps_rounded', 'level_step'], ['target']),
      node('Sub', ['target', 'x'], ['to_target']),
      node('Sub', ['one', 't'], ['time_left']),
      node('Div', ['to_target', 'time_left'], ['velocity']),
    ],
    initializers: [
      int64s('zeros_3', [0, 0, 0]),
      int64s('ones_3', [1, 1, 1]),
      int64s('axes_3', [0, 1, 2]),
      int64s('scalar_shape', [], [0]),
      int64s('one_index', [1], []),
      int64s('mask_shape', [1, -1, 1]),
      floatScalar('zero', 0),
      floatScalar('one', 1),
      floatScalar('feat_scale', ZIPVOICE_FEAT_SCALE),
      floatScalar('mel_dim', MEL_DIM),
      floatScalar('level_step', LEVEL_STEP),
    ],
    inputs: [
      tensor('t', FLOAT, [1]),
      tensor('x', FLOAT, [1, 'num_frames', MEL_DIM]),
      tensor('text_condition', FLOAT, [1, 'num_frames', MEL_DIM]),
      tensor('speech_condition', FLOAT, [1, 'num_frames', MEL_DIM]),
      tensor('guidance_scale', FLOAT, [1]),
    ],
    outputs: [tensor('velocity', FLOAT, [1, 'num_frames', MEL_DIM])],
    metadata: {
      version: '1',
      feat_dim: String(MEL_DIM),
      sample_rate: String(ZIPVOICE_SAMPLE_RATE),
      n_fft: String(N_FFT),
      hop_length: String(ZIPVOICE_HOP_LENGTH),
      window_length: String(N_FFT),
      num_mels: String(MEL_DIM),
      comment: 'sayso test stand-in',
    },
  });
}

/**
 * Vocos: one bin holding a tone of amplitude ZIPVOICE_BASE_AMPLITUDE + ZIPVOICE_AMPLITUDE_PER_MEL ×
 * exp(mean of its input), i.e. × the reference's mean mel magnitude, with zero phase. The mean is re-snapped to the decoder's grid (in featScale units) so
 * the flow's float rounding cannot change a bit of the output.
 */
function vocoderModel(): Uint8Array {
  const toneColumn = Array.from({ length: BINS }, (_, bin) => (bin === TONE_BIN ? 1 : 0));
  return encodeModel({
    name: 'vocos-stand-in',
    nodes: [
      node('ReduceMean', ['mels'], ['mean_log_mel'], [intAttribute('keepdims', 0)]),
      node('Mul', ['mean_log_mel', 'feat_scale'], ['scaled_level']),
      node('Div', ['scaled_level', 'level_step'], ['level_in_steps']),
      node('Round', ['level_in_steps'], ['level_steps_rounded']),
      node('Mul', ['level_steps_rounded', 'level_step'], ['level_on_grid']),
      node('Div', ['level_on_grid', 'feat_scale'], ['log_mel_level']),
      node('Exp', ['log_mel_level'], ['mean_mel']),
      node('Mul', ['mean_mel', 'amplitude_per_mel'], ['amplitude_from_reference']),
      node('Add', ['amplitude_from_reference', 'base_amplitude'], ['amplitude']),
      node('Mul', ['amplitude', 'magnitude_per_amplitude'], ['tone_magnitude']),
      node('Shape', ['mels'], ['mels_shape']),
      node('Slice', ['mels_shape', 'two', 'three', 'zero'], ['frames']),
      node('Concat', ['one_and_bins', 'frames'], ['spectrum_shape'], [intAttribute('axis', 0)]),
      node('Mul', ['tone_column', 'tone_magnitude'], ['magnitude_column']),
      node('Expand', ['magnitude_column', 'spectrum_shape'], ['mag']),
      node('Expand', ['ones_column', 'spectrum_shape'], ['x']),
      node('Expand', ['zeros_column', 'spectrum_shape'], ['y']),
    ],
    initializers: [
      floatScalar('feat_scale', ZIPVOICE_FEAT_SCALE),
      floatScalar('level_step', LEVEL_STEP),
      floatScalar('amplitude_per_mel', ZIPVOICE_AMPLITUDE_PER_MEL),
      floatScalar('base_amplitude', ZIPVOICE_BASE_AMPLITUDE),
      floatScalar('magnitude_per_amplitude', MAGNITUDE_PER_AMPLITUDE),
      int64s('two', [2]),
      int64s('three', [3]),
      int64s('zero', [0]),
      int64s('one_and_bins', [1, BINS]),
      floats('tone_column', toneColumn, [1, BINS, 1]),
      floats('ones_column', Array(BINS).fill(1), [1, BINS, 1]),
      floats('zeros_column', Array(BINS).fill(0), [1, BINS, 1]),
    ],
    inputs: [tensor('mels', FLOAT, [1, MEL_DIM, 'num_frames'])],
    outputs: [
      tensor('mag', FLOAT, [1, BINS, 'num_frames']),
      tensor('x', FLOAT, [1, BINS, 'num_frames']),
      tensor('y', FLOAT, [1, BINS, 'num_frames']),
    ],
    metadata: {
      model_type: 'vocos',
      n_fft: String(N_FFT),
      hop_length: String(ZIPVOICE_HOP_LENGTH),
      win_length: String(N_FFT),
      center: '1',
      normalized: '0',
      window_type: 'hann',
      pad_mode: 'reflect',
      comment: 'sayso test stand-in',
    },
  });
}

function tokensFile(): string {
  const symbols = [...new Set(['_', ' ', ...PUNCTUATION, ...LETTERS, ...IPA])];
  // The space token's line is just " <id>": sherpa reads a line with one field as the space.
  return `${symbols.map((symbol, id) => `${symbol === ' ' ? '' : symbol} ${id}`).join('\n')}\n`;
}

function lexiconFile(): string {
  return `${ZIPVOICE_LEXICON_WORDS.map((word) => `${word} ${[...word].join(' ')}`).join('\n')}\n`;
}

/**
 * Writes a folder laid out like an unpacked ZipVoice archive with the Vocos vocoder beside it.
 * espeak-ng-data is a symbolic link to one shared extracted copy (see espeak-data.ts): 18 MB per
 * model folder would slow every test that writes one.
 */
export async function writeStandInZipvoiceModel(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await Promise.all([
    writeFile(path.join(folder, ZIPVOICE_FILES.encoder), encoderModel()),
    writeFile(path.join(folder, ZIPVOICE_FILES.decoder), decoderModel()),
    writeFile(path.join(folder, ZIPVOICE_FILES.vocoder), vocoderModel()),
    writeFile(path.join(folder, ZIPVOICE_FILES.tokens), tokensFile()),
    writeFile(path.join(folder, ZIPVOICE_FILES.lexicon), lexiconFile()),
    espeakNgDataDir().then((data) => symlink(data, path.join(folder, ZIPVOICE_FILES.dataDir), 'dir')),
  ]);
}

/** The `model.zipvoice` section of sherpa-onnx-node's OfflineTtsConfig for a folder written above. */
export function zipvoiceConfig(folder: string) {
  return {
    tokens: path.join(folder, ZIPVOICE_FILES.tokens),
    encoder: path.join(folder, ZIPVOICE_FILES.encoder),
    decoder: path.join(folder, ZIPVOICE_FILES.decoder),
    vocoder: path.join(folder, ZIPVOICE_FILES.vocoder),
    dataDir: path.join(folder, ZIPVOICE_FILES.dataDir),
    lexicon: path.join(folder, ZIPVOICE_FILES.lexicon),
    featScale: ZIPVOICE_FEAT_SCALE,
    tShift: 0.5,
    targetRms: ZIPVOICE_TARGET_RMS,
    guidanceScale: 1,
  };
}
