import type { ApiKey } from '@sayso/contract/api-keys';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { lastUsedText, monthUsageText, SCOPE_DETAILS, shownPrefix } from '../lib/key-display';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted">{term}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

/** One key: its name and prefix, what it may do, when it was made and last used, this month's usage, and Revoke. */
export function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li
      aria-label={apiKey.name}
      className={`grid gap-4 rounded-card border border-line p-4 sm:p-5 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] lg:items-center ${revoked ? 'bg-surface' : 'bg-card'}`}
    >
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          <span className={`break-words ${revoked ? 'text-muted line-through' : ''}`}>{apiKey.name}</span>
          {revoked ? (
            <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">Revoked</span>
          ) : null}
        </h3>
        <code className="mt-1 block truncate font-mono text-sm text-muted">{shownPrefix(apiKey.prefix)}</code>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Fact term="Scopes">
          <span className="flex flex-wrap gap-1">
            {apiKey.scopes.map((scope) => (
              <span
                key={scope}
                className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-strong"
              >
                {SCOPE_DETAILS[scope].label}
              </span>
            ))}
          </span>
        </Fact>
        <Fact term="Created">
          <time dateTime={apiKey.createdAt}>{formatDate(apiKey.createdAt)}</time>
        </Fact>
        <Fact term="Last used">
          {apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{lastUsedText(apiKey)}</time> : 'Never'}
        </Fact>
        <Fact term={apiKey.monthlyCharacterCap === null ? 'Characters this month' : 'Characters this month / cap'}>
          {monthUsageText(apiKey)}
        </Fact>
      </dl>

      <div className="flex lg:justify-end">
        {revoked && apiKey.revokedAt ? (
          <p className="text-sm text-muted">
            Revoked <time dateTime={apiKey.revokedAt}>{formatDate(apiKey.revokedAt)}</time>
          </p>
        ) : (
          <button
            type="button"
            onClick={() => onRevoke(apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
            className="inline-flex h-10 items-center justify-center rounded-control border border-line bg-card px-4 text-sm font-semibold text-danger transition-colors hover:border-danger hover:bg-danger-soft"
          >
            Revoke
          </button>
        )}
      </div>
    </li>
  );
}
