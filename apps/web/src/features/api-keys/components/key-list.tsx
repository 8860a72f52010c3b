import type { ApiKey } from '@sayso/contract/api-keys';
import { KeyRound, RotateCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { useApiKeys } from '../api/list-api-keys';
import { orderForList } from '../lib/key-display';
import { KeyRow } from './key-row';
import { RevokeKeyDialog } from './revoke-key-dialog';

const LOAD_FAILED_MESSAGE = 'Could not load your API keys.';

/** "Your keys": loading, a failure with Retry, an empty state, or the keys with Revoke. */
export function KeyList() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="key-list-title" aria-busy={keys.isFetching} className={studioCardStyle}>
      <h2 id="key-list-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
        Your keys
      </h2>
      <div className="mt-4">
        {keys.isPending ? <ListLoading /> : null}
        {keys.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm text-danger sm:flex-row sm:items-center">
            <p>{keys.error.message || LOAD_FAILED_MESSAGE}</p>
            <button
              type="button"
              onClick={() => void keys.refetch()}
              disabled={keys.isFetching}
              className={buttonStyles.secondary}
            >
              <RotateCw aria-hidden className={`h-4 w-4 ${keys.isFetching ? 'animate-spin' : ''}`} />
              Retry
            </button>
          </div>
        ) : null}
        {keys.isSuccess && keys.data.length === 0 ? <EmptyList /> : null}
        {keys.isSuccess && keys.data.length > 0 ? (
          <ul aria-label="API keys" className="space-y-3">
            {orderForList(keys.data).map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={setRevoking} />
            ))}
          </ul>
        ) : null}
      </div>
      {revoking ? (
        <RevokeKeyDialog
          key={revoking.id}
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          focusAfterRevoke={() => heading.current?.focus()}
        />
      ) : null}
    </section>
  );
}

function ListLoading() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading your API keys…</span>
      {[0, 1].map((row) => (
        <div key={row} aria-hidden className="h-20 animate-pulse rounded-card bg-line/60" />
      ))}
    </div>
  );
}

function EmptyList() {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-line px-6 py-10 text-center">
      <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent-soft text-accent">
        <KeyRound aria-hidden className="h-5 w-5" />
      </span>
      <p className="mt-3 font-semibold text-ink">No API keys yet</p>
      <p className="mt-1 max-w-sm text-sm text-muted">
        Create a key above to call Sayso from your own scripts and apps with the OpenAI or ElevenLabs SDK.
      </p>
    </div>
  );
}
