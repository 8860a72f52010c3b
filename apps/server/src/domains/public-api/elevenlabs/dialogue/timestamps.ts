import { z } from 'zod';
import { joinAlignments, SpeechAligner } from '../alignment.js';
import { audioWithTimestamps, type CharacterAlignment } from '../schemas.js';
import type { DialogueStream } from './service.js';

/** ElevenLabs' answer of /v1/text-to-dialogue/with-timestamps: the audio, its characters' times, and who speaks when. */
export const dialogueWithTimestamps = audioWithTimestamps.extend({
  voice_segments: z.array(
    z.object({
      voice_id: z.string(),
      start_time_seconds: z.number(),
      end_time_seconds: z.number(),
      /** Where the line's characters start and end (exclusive) in `alignment.characters`. */
      character_start_index: z.number(),
      character_end_index: z.number(),
      dialogue_input_index: z.number(),
    }),
  ),
});
export type DialogueWithTimestamps = z.infer<typeof dialogueWithTimestamps>;

const seconds = (ms: number) => Math.round(ms) / 1000;

/**
 * The whole dialogue as one JSON answer. Each line is aligned on its own (its characters follow
 * the previous line's, with nothing between them, as ElevenLabs joins the inputs), on the
 * dialogue's one timeline; a voice segment per line says whose voice speaks those characters.
 */
export async function dialogueTimestamps(
  stream: DialogueStream,
  clientLeft: () => boolean,
): Promise<DialogueWithTimestamps> {
  const aligners = stream.spokenTexts.map((text) => new SpeechAligner(text));
  const audio: Buffer[] = [];
  const alignment: CharacterAlignment[] = [];
  const normalized: CharacterAlignment[] = [];
  const spans = stream.lines.map(() => ({ startMs: Number.POSITIVE_INFINITY, endMs: 0, characters: 0 }));
  for await (const piece of stream.pieces()) {
    audio.push(piece.bytes);
    const placed = piece.chunk;
    const aligner = placed && aligners[placed.line];
    const span = placed && spans[placed.line];
    if (placed && aligner && span) {
      // The aligner reads the chunk's segments: given in the dialogue's time, its times are the dialogue's.
      const aligned = aligner.next({ ...placed.chunk, segments: placed.segments });
      alignment.push(aligned.alignment);
      normalized.push(aligned.normalized);
      span.startMs = Math.min(span.startMs, placed.startMs);
      span.endMs = Math.max(span.endMs, placed.startMs + placed.chunk.durationMs);
      span.characters += aligned.alignment.characters.length;
    }
    if (clientLeft()) break;
  }
  let characterAt = 0;
  const voiceSegments = stream.lines.map((line, index) => {
    const span = spans[index] ?? { startMs: 0, endMs: 0, characters: 0 };
    const segment = {
      voice_id: line.voiceId,
      start_time_seconds: seconds(Number.isFinite(span.startMs) ? span.startMs : span.endMs),
      end_time_seconds: seconds(span.endMs),
      character_start_index: characterAt,
      character_end_index: characterAt + span.characters,
      dialogue_input_index: index,
    };
    characterAt += span.characters;
    return segment;
  });
  return {
    audio_base64: Buffer.concat(audio).toString('base64'),
    alignment: joinAlignments(alignment),
    normalized_alignment: joinAlignments(normalized),
    voice_segments: voiceSegments,
  };
}
