import type { ApiKeyCreated } from '@sayso/contract/api-keys';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { CopyButton } from './copy-button';

/**
 * The new key's secret, shown once: the server keeps only its hash. Focus moves here when it
 * appears, so keyboard and screen reader users meet it before anything else.
 */
export function NewSecretPanel({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new secret takes focus once.
  useEffect(() => {
    heading.current?.focus();
  }, [created.secret]);

  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-card border-2 border-success/40 bg-success-soft p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-success" />
        <div className="min-w-0 flex-1">
          <h2 id="new-key-title" ref={heading} tabIndex={-1} className="font-semibold text-ink focus:outline-none">
            Your new key "{created.key.name}"
          </h2>
          <p className="mt-1 text-sm text-ink">
            Copy it now and keep it somewhere safe. <strong>It will not be shown again.</strong> If you lose it, revoke
            it and create a new one.
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <code className="min-w-0 flex-1 rounded-control border border-line bg-card px-3 py-2.5 font-mono text-sm break-all text-ink select-all">
          {created.secret}
        </code>
        <CopyButton text={created.secret} what="API key" />
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
