/** The most characters (as people count them) of a generation's text that the history list carries. */
export const EXCERPT_LENGTH = 200;

/** How far back from the cut a word boundary is looked for; a longer word is cut where it stands. */
const WORD_SEARCH = 40;

/**
 * The start of a text for the history list. A longer text ends at a word boundary with one
 * ellipsis, the only one: the card shows the excerpt as it is. Counted in code points, so an
 * emoji is never cut in half.
 */
export function excerptOf(text: string): string {
  const characters = [...text];
  if (characters.length <= EXCERPT_LENGTH) return text;
  const head = characters.slice(0, EXCERPT_LENGTH - 1).join('');
  const boundary = head.search(/\s\S*$/u);
  const cut = boundary >= head.length - WORD_SEARCH && boundary > 0 ? head.slice(0, boundary) : head;
  return `${cut.replace(/[\s,;:.…-]+$/u, '')}…`;
}
