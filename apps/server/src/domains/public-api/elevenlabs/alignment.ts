import type { Segment } from '../../../audio/audio.js';
import type { SpokenChunk } from '../../speech/index.js';
import type { CharacterAlignment } from './schemas.js';

interface TimedCharacter {
  character: string;
  startMs: number;
  endMs: number;
}

const isSpace = (character: string) => /\s/.test(character);

/**
 * The spoken text of some segments, character by character: each segment's time is spread evenly
 * over its characters (our engines time sentences, not letters), and the space that joins two
 * segments spans the pause between them, so the times never go backwards.
 */
function spokenCharacters(segments: Segment[], fromMs: number, leadingSpace: boolean): TimedCharacter[] {
  const timed: TimedCharacter[] = [];
  let cursor = fromMs;
  for (const segment of segments) {
    const characters = Array.from(segment.text);
    if (characters.length === 0) continue;
    const startMs = Math.max(cursor, segment.startMs);
    const endMs = Math.max(startMs, segment.endMs);
    if (leadingSpace || timed.length > 0) timed.push({ character: ' ', startMs: cursor, endMs: startMs });
    const step = (endMs - startMs) / characters.length;
    characters.forEach((character, at) => {
      timed.push({ character, startMs: startMs + at * step, endMs: startMs + (at + 1) * step });
    });
    cursor = endMs;
  }
  return timed;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

function toAlignment(timed: TimedCharacter[]): CharacterAlignment {
  return {
    characters: timed.map((entry) => entry.character),
    character_start_times_seconds: timed.map((entry) => seconds(entry.startMs)),
    character_end_times_seconds: timed.map((entry) => seconds(entry.endMs)),
  };
}

export function joinAlignments(parts: CharacterAlignment[]): CharacterAlignment {
  return {
    characters: parts.flatMap((part) => part.characters),
    character_start_times_seconds: parts.flatMap((part) => part.character_start_times_seconds),
    character_end_times_seconds: parts.flatMap((part) => part.character_end_times_seconds),
  };
}

/**
 * ElevenLabs' alignments for a speech, chunk by chunk as it is spoken: `alignment` over the
 * request's own text (every character of it, once, in order), `normalized_alignment` over the text
 * as the engine spoke it (its segments joined by spaces).
 *
 * A chunk speaks whole sentences of the request, so its share of the request is the next run of
 * the request holding as many non-space characters as the chunk's text. Those characters take the
 * times of the spoken characters in turn (proportionally, should an engine's segments differ from
 * the text), and the spaces between them span the gap from one to the next.
 */
export class SpeechAligner {
  private readonly text: string[];
  private position = 0;
  private alignedToMs = 0;
  private spokenToMs = 0;
  private spokenAny = false;

  constructor(text: string) {
    this.text = Array.from(text);
  }

  next(chunk: SpokenChunk): { alignment: CharacterAlignment; normalized: CharacterAlignment } {
    const spoken = spokenCharacters(chunk.segments, this.spokenToMs, this.spokenAny);
    this.spokenAny ||= spoken.length > 0;
    this.spokenToMs = spoken.at(-1)?.endMs ?? this.spokenToMs;
    const last = chunk.index === chunk.count - 1;
    const share = this.takeShare(Array.from(chunk.text).filter((c) => !isSpace(c)).length, last);
    return { alignment: toAlignment(this.time(share, spoken)), normalized: toAlignment(spoken) };
  }

  /** The chunk's run of the request; the last chunk takes whatever is left. */
  private takeShare(solidCount: number, last: boolean): string[] {
    const start = this.position;
    let solid = 0;
    while (this.position < this.text.length && (last || solid < solidCount)) {
      if (!isSpace(this.text[this.position] ?? ' ')) solid += 1;
      this.position += 1;
    }
    // Spaces after the chunk's last character belong to the pause before the next chunk.
    return this.text.slice(start, this.position);
  }

  private time(share: string[], spoken: TimedCharacter[]): TimedCharacter[] {
    const solidSpoken = spoken.filter((entry) => !isSpace(entry.character));
    const solidCount = share.filter((character) => !isSpace(character)).length;
    let solidAt = 0;
    const times = share.map((character) => {
      if (isSpace(character) || solidSpoken.length === 0) return null;
      const match = solidSpoken[Math.floor((solidAt * solidSpoken.length) / solidCount)] ?? null;
      solidAt += 1;
      return match;
    });
    // Untimed characters (spaces) span the gap from the character before them to the next timed one.
    const nextStarts: (number | null)[] = [];
    let upcoming: number | null = null;
    for (let at = times.length - 1; at >= 0; at -= 1) {
      nextStarts[at] = upcoming;
      upcoming = times[at]?.startMs ?? upcoming;
    }
    const timed: TimedCharacter[] = [];
    for (const [at, character] of share.entries()) {
      const own = times[at];
      const startMs = own?.startMs ?? timed.at(-1)?.endMs ?? this.alignedToMs;
      const endMs = own?.endMs ?? Math.max(startMs, nextStarts[at] ?? startMs);
      timed.push({ character, startMs, endMs });
    }
    this.alignedToMs = timed.at(-1)?.endMs ?? this.alignedToMs;
    return timed;
  }
}
