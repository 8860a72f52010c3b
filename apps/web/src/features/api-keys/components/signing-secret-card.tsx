import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { signingSecretQuery, useSigningSecret } from '../api/get-signing-secret';
import { CopyButton } from './copy-button';

const HIDDEN = '••••••••••••••••••••••••';

/**
 * The per-account secret that signs completion callbacks: hidden until asked for, and not even read
 * from the server before that, so it is not in the page for anyone looking over a shoulder.
 */
export function SigningSecretCard() {
  const [revealed, setRevealed] = useState(false);
  const secret = useSigningSecret(revealed);
  const queryClient = useQueryClient();
  const shown = revealed && secret.isSuccess ? secret.data : HIDDEN;

  return (
    <section aria-labelledby="signing-secret-title" className={studioCardStyle}>
      <h2 id="signing-secret-title" className="text-lg font-semibold text-ink">
        Callback signing secret
      </h2>
      <p className="mt-1 text-sm text-muted">
        Signs the completion callbacks Sayso sends to your <code className="font-mono">receive_url</code> (HMAC-SHA256),
        so your server can tell they came from Sayso.
      </p>
      <div className="mt-4 space-y-2">
        <code
          data-testid="signing-secret"
          aria-live="polite"
          className="block min-h-11 rounded-control border border-line bg-surface px-3 py-2.5 font-mono text-sm break-all text-ink"
        >
          {revealed && secret.isPending ? 'Loading…' : shown}
        </code>
        <div className="flex items-start gap-2">
          <button
            type="button"
            onClick={() => setRevealed((now) => !now)}
            aria-pressed={revealed}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-control border border-line bg-card px-3 text-sm font-semibold text-ink transition-colors hover:border-accent hover:text-accent-strong"
          >
            {revealed && secret.isFetching ? (
              <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
            ) : revealed ? (
              <EyeOff aria-hidden className="h-4 w-4" />
            ) : (
              <Eye aria-hidden className="h-4 w-4" />
            )}
            {revealed ? 'Hide' : 'Reveal'}
          </button>
          <CopyButton text={() => queryClient.fetchQuery(signingSecretQuery)} what="signing secret" />
        </div>
      </div>
      {revealed && secret.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {secret.error.message || 'Could not load the signing secret.'}
        </p>
      ) : null}
    </section>
  );
}
