import type { DetectedSpeaker, Manuscript } from './types.js';

/** Verbs that attribute a quote to its speaker ("…," said Tom; Anna asked, "…"). */
const SPEECH_VERBS = [
  'said',
  'says',
  'asked',
  'asks',
  'replied',
  'replies',
  'answered',
  'answers',
  'shouted',
  'shouts',
  'whispered',
  'whispers',
  'cried',
  'cries',
  'called',
  'calls',
  'muttered',
  'mutters',
  'added',
  'adds',
  'exclaimed',
  'yelled',
  'screamed',
  'murmured',
  'continued',
  'began',
  'insisted',
  'snapped',
  'laughed',
  'sighed',
  'demanded',
  'declared',
  'repeated',
  'responded',
  'agreed',
  'suggested',
  'admitted',
  'explained',
  'warned',
  'told',
  'growled',
  'pleaded',
  'begged',
  'protested',
  'observed',
  'remarked',
  'stammered',
  'sobbed',
  'retorted',
  'interrupted',
  'announced',
  'breathed',
  'hissed',
  'groaned',
  'wondered',
  'offered',
  'grumbled',
  'mumbled',
  'shrieked',
  'roared',
  'joked',
  'teased',
  'nodded',
  'smiled',
  'promised',
  'went on',
];

/** Capitalised words that start a sentence but name nobody: "Then Tom said" is Tom speaking. */
const NOT_NAMES = new Set([
  // Pronouns and the like: "he said" is someone, but not someone by name.
  'he',
  'she',
  'they',
  'i',
  'we',
  'you',
  'it',
  'his',
  'her',
  'their',
  'its',
  'one',
  'someone',
  'somebody',
  'everyone',
  'everybody',
  'nobody',
  'anyone',
  'anybody',
  'who',
  'this',
  'that',
  'these',
  'those',
  // Sentence openers.
  'then',
  'but',
  'and',
  'so',
  'or',
  'when',
  'while',
  'after',
  'before',
  'suddenly',
  'finally',
  'now',
  'later',
  'here',
  'there',
  'the',
  'a',
  'an',
  'at',
  'in',
  'on',
  'yes',
  'no',
  'oh',
  'well',
  'still',
  'again',
  'softly',
  'quietly',
  'slowly',
  'instead',
  'meanwhile',
  'as',
  'if',
  'once',
  'even',
  'only',
  'just',
]);

/** Words before a colon that head a note or a label, not a line of a script. */
const NOT_SCRIPT_NAMES = new Set([
  'note',
  'notes',
  'nb',
  'ps',
  'warning',
  'caution',
  'important',
  'tip',
  'chapter',
  'part',
  'book',
  'section',
  'step',
  'example',
  'update',
  'date',
  'time',
  'subject',
  're',
  'source',
  'summary',
  'conclusion',
  'title',
  'author',
  'scene',
  'setting',
  'location',
  'transcript',
  'question',
  'answer',
  'edit',
  'editor',
  'definition',
  'prologue',
  'epilogue',
  'introduction',
  'translation',
  'from',
  'to',
  'cc',
  'ingredients',
  'method',
]);

const HONORIFIC = String.raw`(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof|St)\.?\s+|(?:Sir|Lady|Lord|Miss|Captain|Aunt|Uncle|Father|Mother|Sister|Brother)\s+)?`;
/** A capitalised word: "Tom", "O'Brien", "Mary-Jane", "Élodie". */
const WORD = String.raw`\p{Lu}\p{Ll}+(?:['’-]\p{Lu}?\p{Ll}+)*`;
const NAME = String.raw`${HONORIFIC}${WORD}(?:\s+${WORD}){0,2}`;
const CAPS_WORD = String.raw`\p{Lu}[\p{Lu}'’.-]*\p{Lu}`;
const CAPS_NAME = String.raw`${CAPS_WORD}(?:\s+${CAPS_WORD}){0,2}`;
const VERB = `(?:${SPEECH_VERBS.join('|')})`;

/** `NAME: line` at the start of a paragraph, the name in capitalised words or capitals. */
const SCRIPT_LINE = new RegExp(String.raw`^\s*(${NAME}|${CAPS_NAME})\s*:\s+(\S[\s\S]*)$`, 'u');
/** A quotation in straight or curly double quotes. */
const QUOTE = /["“]([^"“”]+)["”]/gu;
/** Right after a quote: `said Tom` or `Tom said`. */
const AFTER_QUOTE = new RegExp(String.raw`\s*(?:${VERB}\s+(${NAME})|(${NAME})\s+${VERB})(?![\p{L}])`, 'uy');
/** Right before a quote: `Tom said,` or `Tom asked Anna quietly:` (a short clause, one sentence). */
const BEFORE_QUOTE = new RegExp(String.raw`(${NAME})\s+${VERB}(?![\p{L}])[^"“”.!?]{0,40}?[,:]?\s*$`, 'u');

/** A name without the sentence openers that were capitalised with it; null when nothing is left. */
function cleanName(candidate: string | undefined): string | null {
  if (!candidate) return null;
  const words = candidate.trim().split(/\s+/);
  while (words.length > 0 && NOT_NAMES.has((words[0] ?? '').toLowerCase())) words.shift();
  return words.length > 0 ? words.join(' ') : null;
}

/** The name and words of a `NAME: line` paragraph, or null when it is not one. */
export function scriptLine(paragraph: string): { name: string; text: string } | null {
  const match = SCRIPT_LINE.exec(paragraph);
  const name = match?.[1]?.trim();
  const text = match?.[2]?.trim();
  if (!name || !text) return null;
  const words = name.toLowerCase().split(/\s+/);
  if (words.some((word) => NOT_SCRIPT_NAMES.has(word.replace(/[.'’]/g, ''))) || NOT_NAMES.has(words[0] ?? '')) {
    return null;
  }
  return { name, text };
}

/**
 * What to speak of a paragraph: without its `NAME:` prefix when it is a script line (of `speaker`,
 * when one is given: a block cast to Tom drops "TOM:" but not "Note:"), else the paragraph as is.
 */
export function speakableText(paragraph: string, speaker?: string | null): string {
  const line = scriptLine(paragraph);
  if (!line) return paragraph;
  if (speaker != null && line.name.toLowerCase() !== speaker.toLowerCase()) return paragraph;
  return line.text;
}

/** The speakers a paragraph's quotes are attributed to, by name. */
function quoteSpeakers(paragraph: string): string[] {
  const names: string[] = [];
  let previousEnd = 0;
  for (const quote of paragraph.matchAll(QUOTE)) {
    const start = quote.index;
    const end = start + quote[0].length;
    // Sticky: the attribution must start where the quote ends.
    AFTER_QUOTE.lastIndex = end;
    const after = AFTER_QUOTE.exec(paragraph);
    const before = BEFORE_QUOTE.exec(paragraph.slice(previousEnd, start));
    for (const candidate of [after?.[1], after?.[2], before?.[1]]) {
      const name = cleanName(candidate);
      if (name) names.push(name);
    }
    previousEnd = end;
  }
  return names;
}

interface Tally {
  lines: { chapter: number; paragraph: number }[];
  spellings: Map<string, number>;
  firstSeen: number;
}

/**
 * The speakers of a manuscript, most lines first. A paragraph is a speaker's when it is their
 * script line (`TOM: …`, once the text has at least two such lines: one "Dear Sir: …" is no
 * script), or when all its attributed quotes are theirs ("…," said Tom). Unattributed dialogue,
 * pronouns ("…," he said) and paragraphs where two people speak stay with the narrator.
 */
export function detectSpeakers(manuscript: Manuscript): DetectedSpeaker[] {
  const found: { chapter: number; paragraph: number; name: string; script: boolean }[] = [];
  manuscript.chapters.forEach((chapter, c) => {
    chapter.paragraphs.forEach((text, p) => {
      const script = scriptLine(text);
      if (script) {
        found.push({ chapter: c, paragraph: p, name: script.name, script: true });
        return;
      }
      const names = quoteSpeakers(text);
      const distinct = new Set(names.map((name) => name.toLowerCase()));
      const [name] = names;
      if (distinct.size === 1 && name) found.push({ chapter: c, paragraph: p, name, script: false });
    });
  });

  const isScript = found.filter((line) => line.script).length >= 2;
  const tallies = new Map<string, Tally>();
  for (const line of found) {
    if (line.script && !isScript) continue;
    const key = line.name.toLowerCase();
    const tally: Tally = tallies.get(key) ?? { lines: [], spellings: new Map(), firstSeen: tallies.size };
    tallies.set(key, tally);
    tally.lines.push({ chapter: line.chapter, paragraph: line.paragraph });
    tally.spellings.set(line.name, (tally.spellings.get(line.name) ?? 0) + 1);
  }

  return [...tallies.values()]
    .sort((a, b) => b.lines.length - a.lines.length || a.firstSeen - b.firstSeen)
    .map((tally) => ({ name: mostUsedSpelling(tally.spellings), lines: tally.lines }));
}

/** "Tom" over "TOM" when the prose says Tom more often than the script does; the first on a tie. */
function mostUsedSpelling(spellings: Map<string, number>): string {
  let best = '';
  let count = 0;
  for (const [spelling, uses] of spellings) {
    if (uses > count) [best, count] = [spelling, uses];
  }
  return best;
}
