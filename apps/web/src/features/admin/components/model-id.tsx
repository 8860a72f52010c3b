import { BreakableText } from '@/components/ui/breakable-text';

/**
 * A model id in monospace that wraps only after its separators ('-', '_', '.'), never inside a
 * word: `sherpa-onnx-zipvoice-distill-…` stays readable on a phone.
 */
export function ModelId({ name, className = '' }: { name: string; className?: string }) {
  return (
    <div className={`font-mono wrap-break-word ${className}`}>
      <BreakableText text={name} />
    </div>
  );
}
