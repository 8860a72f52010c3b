/** About how long eSpeak NG takes to say a character at its default rate (175 words a minute). */
const MS_PER_CHARACTER = 60;
const SAMPLE_RATE = 22_050;

/**
 * Silence as long as eSpeak would speak `text` at `speed`, for the fakes' long-text tests, which
 * check how the product splits, joins and times speech rather than what it sounds like: 20,000
 * characters cost eSpeak about 4 s of CPU, and their MP3 about 2.5 times more than silence's.
 */
export function placeholderSpeech(text: string, speed = 1): { samples: Int16Array; sampleRate: number } {
  const seconds = ([...text].length * MS_PER_CHARACTER) / 1000 / speed;
  return { samples: new Int16Array(Math.round(seconds * SAMPLE_RATE)), sampleRate: SAMPLE_RATE };
}
