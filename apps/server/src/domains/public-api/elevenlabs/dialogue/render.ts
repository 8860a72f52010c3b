import type { Segment } from '../../../../audio/audio.js';
import type { SpeechEngineV1 } from '../../../../engines/speech-engine.js';
import { type SpokenChunk, speakInChunks } from '../../../speech/index.js';

/** The pause between two lines of a dialogue: longer than the one between sentences, as a turn is. */
export const LINE_PAUSE_MS = 350;

/** One line of a dialogue, ready to speak: its text as the engine is given it, and who speaks it. */
export interface LineToSpeak {
  text: string;
  engine: SpeechEngineV1;
  voiceId: string;
  /** The model asked for when this line's engine has it; null for the engine's default. */
  modelId: string | null;
}

/** A chunk of a line, placed in the whole dialogue. */
export interface DialogueChunk {
  /** Which input (line) the chunk belongs to. */
  line: number;
  chunk: SpokenChunk;
  /** Silence to play before the chunk: the pause between lines before a line's first chunk. */
  gapMs: number;
  /** When the chunk starts in the whole dialogue, after its pause. */
  startMs: number;
  /** The chunk's segments, in the whole dialogue's time. */
  segments: Segment[];
}

export interface DialogueVoiceSettings {
  speed: number;
  language: string | null;
  signal: AbortSignal;
}

/**
 * Speaks the lines one after another, each with its own engine and voice, chunk by chunk, on one
 * timeline: a line's first chunk waits the pause between lines, later chunks their own pause.
 */
export async function* speakDialogue(
  lines: LineToSpeak[],
  settings: DialogueVoiceSettings,
): AsyncGenerator<DialogueChunk> {
  let lineStartMs = 0;
  for (const [index, line] of lines.entries()) {
    const chunks = speakInChunks(line.engine, {
      text: line.text,
      voiceId: line.voiceId,
      modelId: line.modelId,
      speed: settings.speed,
      pitch: 0,
      volume: 1,
      language: settings.language,
      signal: settings.signal,
    });
    const pause = index > 0 ? LINE_PAUSE_MS : 0;
    let lineEndMs = lineStartMs;
    for await (const chunk of chunks) {
      // The chunk's own timing counts its own pauses inside the line; the line starts after its pause.
      const offset = lineStartMs + pause;
      const gapMs = chunk.index === 0 ? pause : chunk.gapMs;
      yield {
        line: index,
        chunk,
        gapMs,
        startMs: offset + chunk.startMs,
        segments: chunk.segments.map((segment) => ({
          ...segment,
          startMs: offset + segment.startMs,
          endMs: offset + segment.endMs,
        })),
      };
      lineEndMs = offset + chunk.startMs + chunk.durationMs;
    }
    lineStartMs = lineEndMs;
  }
}
