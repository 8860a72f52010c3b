import { Fragment } from 'react';

/** Where an id or address may wrap: after a separator, never inside a word. */
const AFTER_SEPARATORS = /(?<=[-_./:?&=])/;

/**
 * Text (a model id, a URL) that wraps on a narrow screen only after its separators ('-', '_', '.',
 * '/', ':' ...), so `http://host:3000/` + `openai/v1` stays readable. Give its box `wrap-break-word`
 * so a single part too long for a whole line still wraps rather than overflowing.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(AFTER_SEPARATORS);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one text never reorder, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
