import { type ReactNode, useEffect, useRef } from 'react';
import { scrollIntoViewGently } from '@/lib/reveal';

const TONES = {
  error: 'border-danger/30 bg-danger-soft text-danger',
  success: 'border-success/30 bg-success-soft text-success',
} as const;

interface InlineMessageProps {
  tone: keyof typeof TONES;
  children: ReactNode;
  /** Changes when a new message replaces the last one, so it is brought into view again. */
  messageKey: string;
}

/**
 * A message shown beside the control it is about. Errors are alerts and good news a status, so
 * screen readers say them; and each new one is scrolled into view if it landed partly outside it
 * (on a phone, a card's lower edge is often below the fold).
 */
export function InlineMessage({ tone, children, messageKey }: InlineMessageProps) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message is brought into view once.
  useEffect(() => {
    if (box.current) scrollIntoViewGently(box.current);
  }, [messageKey]);
  return (
    <div
      ref={box}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`scroll-mt-24 scroll-mb-4 rounded-control border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}
