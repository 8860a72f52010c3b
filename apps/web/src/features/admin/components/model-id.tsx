import { Fragment } from 'react';

/**
 * A model id in monospace that wraps only after its separators ('-', '_', '.'), never inside a
 * word: `sherpa-onnx-zipvoice-distill-…` stays readable on a phone.
 */
export function ModelId({ name, className = '' }: { name: string; className?: string }) {
  const parts = name.split(/(?<=[-_.])/);
  return (
    <div className={`font-mono ${className}`}>
      {parts.map((part, index) => (
        // The parts of one id never reorder, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </div>
  );
}
