/**
 * Stand-in for sherpa-onnx's Pocket TTS bundle (Kyutai Pocket TTS, `sherpa-onnx-pocket-tts-int8-2026-01-26`):
 * five tiny ONNX graphs plus the SentencePiece tokenizer files, written under the file names of the
 * published archive, so sherpa-onnx-node's real Pocket runtime loads and runs them.
 *
 * What the runtime (1.13.8) relies on, learned from `offline-tts-pocket-{model,impl}` and by probing:
 * - No model metadata is read at all; inputs and outputs are bound by position, not by name.
 *   The output sample rate is hard-coded to 24 kHz.
 * - `encoder.onnx` (Mimi encoder): audio float [1, 1, samples] at 24 kHz (sherpa resamples any other
 *   `referenceSampleRate` itself) -> voice embedding [1, frames, dim].
 * - `text_conditioner.onnx`: token ids int64 [1, tokens] -> text embedding [1, tokens, 1024].
 * - `lm_main*.onnx`: (sequence float [1, S, 32], embeddings float [1, E, 1024], ...states) ->
 *   (conditioning, eos_logit, ...next states). Every input after the second is a state: sherpa starts
 *   it as zeros of the declared shape (symbolic dims become 1) and feeds each output after the second
 *   back in order. It is called once with the voice embedding, once with the text embedding (both with
 *   S = 0), then once per latent frame with S = 1 and E = 0, the first frame's sequence being NaN.
 *   Generation stops 3 frames after the first step whose eos_logit[0] > -4 (but a stop at step 0 is
 *   ignored, so at least one frame must come first), or at 500 frames.
 * - `lm_flow*.onnx`: (conditioning, s [1, 1], t [1, 1], x [1, 32]) -> velocity [1, 32]; sherpa integrates
 *   x += (t - s) × velocity over `numSteps` Euler steps starting from Gaussian noise (not seeded).
 * - `decoder*.onnx` (Mimi decoder): (latents float [1, frames, 32], ...states) -> (audio [1, 1, samples],
 *   ...next states), called on chunks of up to 15 frames with states carried across chunks.
 * - `vocab.json` ({piece: id}, ids 0..n-1) and `token_scores.json` ({piece: score}); the tokenizer needs
 *   all 256 byte pieces `<0x00>`..`<0xFF>` or it reads uninitialised memory for unknown bytes.
 * - From `generationConfig` Pocket reads `referenceAudio`, `referenceSampleRate` (any rate; 0 or an
 *   empty clip makes generateAsync reject with "TTS generation produced no audio", as does omitting
 *   generationConfig), `numSteps` (default 5), `silenceScale` (default 0.2) and `extra` (max_frames,
 *   frames_after_eos, temperature, chunk_size, max_reference_audio_len = 10 s, max/min_char_in_sentence).
 *   It ignores `speed`, both the request's and generationConfig's, and `sid`.
 * - Text is cut after . ! ? and glued back without spaces (see pocketSpokenText).
 *
 * The stand-in: each text token lasts POCKET_FRAMES_PER_TOKEN frames (plus the runtime's 3 frames after
 * the end), each frame decodes to POCKET_SAMPLES_PER_FRAME samples of a POCKET_TONE_HZ sine whose
 * amplitude is POCKET_BASE_AMPLITUDE + POCKET_AMPLITUDE_PER_REFERENCE_RMS × RMS(reference audio).
 * The reference's RMS travels encoder -> lm_main state -> conditioning -> flow -> latent -> decoder,
 * the same path a real voice takes, so a test hearing the amplitude knows the reference got through.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeModel, FLOAT, floatScalar, floats, INT64, int64s, intAttribute, node, tensor } from './onnx-graph.js';

/** Sample rate of everything Pocket produces (fixed in sherpa's Pocket runtime). */
export const POCKET_SAMPLE_RATE = 24_000;
/** Latent frames the stand-in spends on each text token before it signals the end. */
export const POCKET_FRAMES_PER_TOKEN = 2;
/** Frames sherpa keeps generating after the end signal (its `frames_after_eos` default). */
export const POCKET_FRAMES_AFTER_EOS = 3;
/** Samples per latent frame (the real Mimi codec's 12.5 Hz frame rate at 24 kHz). */
export const POCKET_SAMPLES_PER_FRAME = 1_920;
/** The stand-in voice's pitch: a whole number of samples per period, so the tone's peak is exact. */
export const POCKET_TONE_HZ = 200;
export const POCKET_BASE_AMPLITUDE = 0.05;
export const POCKET_AMPLITUDE_PER_REFERENCE_RMS = 1;
/** The reference RMS is carried on a grid of this step, so flow noise cannot leak into the output. */
export const POCKET_RMS_STEP = 1 / 4_096;

/** Latent width sherpa hard-codes for Pocket (the first frame and the flow noise are [1, 1, 32]). */
const LATENT_DIM = 32;
/** Width sherpa gives the empty text embedding it passes while generating frames. */
const EMBEDDING_DIM = 1_024;
const TONE_PERIOD = POCKET_SAMPLE_RATE / POCKET_TONE_HZ;

/** File names of the published int8 archive; the family detector keys on `lm_main*` and `lm_flow*`. */
export const POCKET_FILES = {
  lmFlow: 'lm_flow.int8.onnx',
  lmMain: 'lm_main.int8.onnx',
  encoder: 'encoder.onnx',
  decoder: 'decoder.int8.onnx',
  textConditioner: 'text_conditioner.onnx',
  vocabJson: 'vocab.json',
  tokenScoresJson: 'token_scores.json',
} as const;

/** The amplitude of the stand-in's tone for a reference clip (at any sample rate; RMS survives resampling). */
export function pocketExpectedAmplitude(reference: Float32Array): number {
  let sum = 0;
  for (const sample of reference) sum += sample * sample;
  const rms = Math.sqrt(sum / reference.length);
  return (
    POCKET_BASE_AMPLITUDE + POCKET_AMPLITUDE_PER_REFERENCE_RMS * Math.round(rms / POCKET_RMS_STEP) * POCKET_RMS_STEP
  );
}

/** Characters the stand-in vocabulary has a piece for; others fall back to one byte piece per UTF-8 byte. */
const PIECE_CHARACTERS = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'"-:;()`;
/** SentencePiece's word-boundary marker; sherpa turns each space into it and prefixes one to the text. */
const WORD_BOUNDARY = '\u2581';

/**
 * Tokens the stand-in tokenizer makes of one sentence: one per character, the leading word-boundary
 * marker included, and one per UTF-8 byte of characters outside PIECE_CHARACTERS.
 */
export function pocketTokenCount(sentence: string): number {
  const marked = sentence.startsWith(' ') ? sentence : ` ${sentence}`;
  let count = 0;
  for (const character of marked) {
    count += character === ' ' || PIECE_CHARACTERS.includes(character) ? 1 : Buffer.byteLength(character);
  }
  return count;
}

/**
 * The text sherpa 1.13.8 actually tokenizes for a short input: it cuts the text after each . ! or ?,
 * trims the pieces and glues them back together WITHOUT a space until a chunk reaches 200 characters
 * (so "Hi. Bye." is spoken as "Hi.Bye."). Texts under 200 characters therefore make one chunk.
 */
export function pocketSpokenText(text: string): string {
  return (text.match(/[^.!?]*[.!?]|[^.!?]+$/g) ?? [])
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0)
    .join('');
}

/** Samples the stand-in produces for a text under 200 characters (one sherpa chunk, see pocketSpokenText). */
export function pocketExpectedSamples(text: string): number {
  const frames = POCKET_FRAMES_PER_TOKEN * pocketTokenCount(pocketSpokenText(text)) + POCKET_FRAMES_AFTER_EOS;
  return frames * POCKET_SAMPLES_PER_FRAME;
}

/** Mimi encoder: the reference's RMS in channel 0 and a "voice" marker in channel 1 of one frame. */
function encoderModel(): Uint8Array {
  return encodeModel({
    name: 'pocket-encoder-stand-in',
    nodes: [
      node('Mul', ['audio', 'audio'], ['squares']),
      node('ReduceMean', ['squares'], ['mean_square'], [intAttribute('keepdims', 1)]),
      node('Sqrt', ['mean_square'], ['rms']),
      node('Concat', ['rms', 'voice_marker'], ['features'], [intAttribute('axis', 2)]),
      node('Pad', ['features', 'pad_to_embedding'], ['voice_embedding']),
    ],
    initializers: [
      floats('voice_marker', [1], [1, 1, 1]),
      int64s('pad_to_embedding', [0, 0, 0, 0, 0, EMBEDDING_DIM - 2]),
    ],
    inputs: [tensor('audio', FLOAT, [1, 1, 'num_samples'])],
    outputs: [tensor('voice_embedding', FLOAT, [1, 1, EMBEDDING_DIM])],
  });
}

/** Text conditioner: one embedding row per token, marked "text" in channel 2. */
function textConditionerModel(): Uint8Array {
  return encodeModel({
    name: 'pocket-text-conditioner-stand-in',
    nodes: [
      node('Cast', ['token_ids'], ['ids_float'], [intAttribute('to', FLOAT)]),
      node('Mul', ['ids_float', 'zero'], ['zeros']),
      node('Add', ['zeros', 'one'], ['ones']),
      node('Unsqueeze', ['ones', 'last_axis'], ['marker_column']),
      node('Pad', ['marker_column', 'pad_to_embedding'], ['text_embedding']),
    ],
    initializers: [
      floatScalar('zero', 0),
      floatScalar('one', 1),
      int64s('last_axis', [2]),
      int64s('pad_to_embedding', [0, 0, 2, 0, 0, EMBEDDING_DIM - 3]),
    ],
    inputs: [tensor('token_ids', INT64, [1, 'num_tokens'])],
    outputs: [tensor('text_embedding', FLOAT, [1, 'num_tokens', EMBEDDING_DIM])],
  });
}

/**
 * Main LM: three one-element states accumulate the voice's RMS, the text's token count and the frames
 * generated so far. The conditioning is the (grid-rounded) RMS; the end logit turns on once the frames
 * outnumber POCKET_FRAMES_PER_TOKEN × tokens.
 */
function lmMainModel(): Uint8Array {
  const channel = (index: number) =>
    node('Slice', ['embeddings', `channel_${index}_start`, `channel_${index}_end`, 'last_axis'], [`channel_${index}`]);
  return encodeModel({
    name: 'pocket-lm-main-stand-in',
    nodes: [
      channel(0),
      channel(1),
      channel(2),
      node('Mul', ['channel_0', 'channel_1'], ['voice_rows']),
      node('ReduceSum', ['voice_rows'], ['voice_rms'], [intAttribute('keepdims', 0)]),
      node('Add', ['state_voice_rms', 'voice_rms'], ['next_state_voice_rms']),
      node('ReduceSum', ['channel_2'], ['text_tokens'], [intAttribute('keepdims', 0)]),
      node('Add', ['state_text_tokens', 'text_tokens'], ['next_state_text_tokens']),
      node('Shape', ['sequence'], ['sequence_shape']),
      node('Gather', ['sequence_shape', 'one_index'], ['new_frames'], [intAttribute('axis', 0)]),
      node('Cast', ['new_frames'], ['new_frames_float'], [intAttribute('to', FLOAT)]),
      node('Add', ['state_frames', 'new_frames_float'], ['next_state_frames']),
      node('Mul', ['next_state_text_tokens', 'frames_per_token'], ['frame_budget']),
      node('Greater', ['next_state_frames', 'frame_budget'], ['finished']),
      node('Where', ['finished', 'eos_on', 'eos_off'], ['eos_flat']),
      node('Reshape', ['eos_flat', 'eos_shape'], ['eos_logit']),
      node('Div', ['next_state_voice_rms', 'rms_step'], ['rms_in_steps']),
      node('Round', ['rms_in_steps'], ['rms_steps_rounded']),
      node('Mul', ['rms_steps_rounded', 'rms_step'], ['rms_on_grid']),
      node('Expand', ['rms_on_grid', 'conditioning_shape'], ['conditioning']),
    ],
    initializers: [
      ...[0, 1, 2].flatMap((index) => [
        int64s(`channel_${index}_start`, [index]),
        int64s(`channel_${index}_end`, [index + 1]),
      ]),
      int64s('last_axis', [2]),
      int64s('one_index', [1], []),
      floatScalar('frames_per_token', POCKET_FRAMES_PER_TOKEN),
      floatScalar('eos_on', 0),
      floatScalar('eos_off', -10),
      int64s('eos_shape', [1, 1]),
      floatScalar('rms_step', POCKET_RMS_STEP),
      int64s('conditioning_shape', [1, LATENT_DIM]),
    ],
    inputs: [
      tensor('sequence', FLOAT, [1, 'sequence_length', LATENT_DIM]),
      tensor('embeddings', FLOAT, [1, 'embedding_length', EMBEDDING_DIM]),
      tensor('state_voice_rms', FLOAT, [1]),
      tensor('state_text_tokens', FLOAT, [1]),
      tensor('state_frames', FLOAT, [1]),
    ],
    outputs: [
      tensor('conditioning', FLOAT, [1, LATENT_DIM]),
      tensor('eos_logit', FLOAT, [1, 1]),
      tensor('next_state_voice_rms', FLOAT, [1]),
      tensor('next_state_text_tokens', FLOAT, [1]),
      tensor('next_state_frames', FLOAT, [1]),
    ],
  });
}

/**
 * Flow head: the velocity (c - x) / (t - s) makes each Euler step land on the conditioning, so the
 * latent equals it (to float rounding) whatever the noise and the number of steps.
 */
function lmFlowModel(): Uint8Array {
  return encodeModel({
    name: 'pocket-lm-flow-stand-in',
    nodes: [
      node('Sub', ['t', 's'], ['step_size']),
      node('Sub', ['c', 'x'], ['to_target']),
      node('Div', ['to_target', 'step_size'], ['velocity']),
    ],
    initializers: [],
    inputs: [
      tensor('c', FLOAT, [1, LATENT_DIM]),
      tensor('s', FLOAT, [1, 1]),
      tensor('t', FLOAT, [1, 1]),
      tensor('x', FLOAT, [1, LATENT_DIM]),
    ],
    outputs: [tensor('velocity', FLOAT, [1, LATENT_DIM])],
  });
}

/**
 * Mimi decoder: POCKET_SAMPLES_PER_FRAME samples of the tone per latent frame, its amplitude read back
 * from the latent (re-snapped to the RMS grid to shed the flow's rounding). The state carries the tone's
 * phase (in samples, modulo one period) from chunk to chunk.
 */
function decoderModel(): Uint8Array {
  return encodeModel({
    name: 'pocket-decoder-stand-in',
    nodes: [
      node('Shape', ['latents'], ['latents_shape']),
      node('Gather', ['latents_shape', 'one_index'], ['frames'], [intAttribute('axis', 0)]),
      node('Cast', ['frames'], ['frames_float'], [intAttribute('to', FLOAT)]),
      node('Mul', ['frames_float', 'samples_per_frame'], ['sample_count']),
      node('Slice', ['latents', 'zero_index', 'one_index_1d', 'last_axis'], ['first_channel']),
      node('ReduceMean', ['first_channel'], ['latent_level'], [intAttribute('keepdims', 0)]),
      node('Div', ['latent_level', 'rms_step'], ['level_in_steps']),
      node('Round', ['level_in_steps'], ['level_steps_rounded']),
      node('Mul', ['level_steps_rounded', 'rms_step'], ['reference_rms']),
      node('Mul', ['reference_rms', 'amplitude_per_rms'], ['amplitude_from_reference']),
      node('Add', ['amplitude_from_reference', 'base_amplitude'], ['amplitude']),
      node('Reshape', ['state_phase', 'scalar_shape'], ['start']),
      node('Add', ['start', 'sample_count'], ['end']),
      node('Range', ['start', 'end', 'one'], ['positions']),
      node('Mod', ['positions', 'period'], ['positions_in_period'], [intAttribute('fmod', 1)]),
      node('Mul', ['positions_in_period', 'radians_per_sample'], ['phases']),
      node('Sin', ['phases'], ['unit_tone']),
      node('Mul', ['unit_tone', 'amplitude'], ['tone']),
      node('Reshape', ['tone', 'audio_shape'], ['audio']),
      node('Mod', ['end', 'period'], ['end_in_period'], [intAttribute('fmod', 1)]),
      node('Reshape', ['end_in_period', 'state_shape'], ['next_state_phase']),
    ],
    initializers: [
      int64s('one_index', [1], []),
      int64s('zero_index', [0]),
      int64s('one_index_1d', [1]),
      int64s('last_axis', [2]),
      floatScalar('samples_per_frame', POCKET_SAMPLES_PER_FRAME),
      floatScalar('rms_step', POCKET_RMS_STEP),
      floatScalar('amplitude_per_rms', POCKET_AMPLITUDE_PER_REFERENCE_RMS),
      floatScalar('base_amplitude', POCKET_BASE_AMPLITUDE),
      int64s('scalar_shape', [], [0]),
      floatScalar('one', 1),
      floatScalar('period', TONE_PERIOD),
      floatScalar('radians_per_sample', (2 * Math.PI) / TONE_PERIOD),
      int64s('audio_shape', [1, 1, -1]),
      int64s('state_shape', [1]),
    ],
    inputs: [tensor('latents', FLOAT, [1, 'frames', LATENT_DIM]), tensor('state_phase', FLOAT, [1])],
    outputs: [tensor('audio', FLOAT, [1, 1, 'samples']), tensor('next_state_phase', FLOAT, [1])],
  });
}

/** SentencePiece files: the 256 byte pieces, the word-boundary marker and one piece per known character. */
function tokenizerFiles(): { vocab: Record<string, number>; scores: Record<string, number> } {
  const vocab: Record<string, number> = {};
  const scores: Record<string, number> = {};
  const add = (piece: string, score: number) => {
    vocab[piece] = Object.keys(vocab).length;
    scores[piece] = score;
  };
  for (let byte = 0; byte < 256; byte++) add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, -10);
  add(WORD_BOUNDARY, -1);
  for (const character of PIECE_CHARACTERS) add(character, -1);
  return { vocab, scores };
}

/** Writes a folder that looks like an unpacked `sherpa-onnx-pocket-tts-int8-*` archive. */
export async function writeStandInPocketModel(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const { vocab, scores } = tokenizerFiles();
  await Promise.all([
    writeFile(path.join(folder, POCKET_FILES.lmFlow), lmFlowModel()),
    writeFile(path.join(folder, POCKET_FILES.lmMain), lmMainModel()),
    writeFile(path.join(folder, POCKET_FILES.encoder), encoderModel()),
    writeFile(path.join(folder, POCKET_FILES.decoder), decoderModel()),
    writeFile(path.join(folder, POCKET_FILES.textConditioner), textConditionerModel()),
    writeFile(path.join(folder, POCKET_FILES.vocabJson), JSON.stringify(vocab)),
    writeFile(path.join(folder, POCKET_FILES.tokenScoresJson), JSON.stringify(scores)),
  ]);
}

/** The `model.pocket` section of sherpa-onnx-node's OfflineTtsConfig for a folder written above. */
export function pocketConfig(folder: string) {
  return {
    lmFlow: path.join(folder, POCKET_FILES.lmFlow),
    lmMain: path.join(folder, POCKET_FILES.lmMain),
    encoder: path.join(folder, POCKET_FILES.encoder),
    decoder: path.join(folder, POCKET_FILES.decoder),
    textConditioner: path.join(folder, POCKET_FILES.textConditioner),
    vocabJson: path.join(folder, POCKET_FILES.vocabJson),
    tokenScoresJson: path.join(folder, POCKET_FILES.tokenScoresJson),
    voiceEmbeddingCacheCapacity: 4,
  };
}
