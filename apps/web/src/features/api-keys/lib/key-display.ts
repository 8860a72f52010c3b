import type { ApiKey, ApiKeyScope } from '@sayso/contract/api-keys';
import { formatCredits } from '@/lib/format';

/** Each scope in the product's words, for the form's checkboxes and the list's badges. */
export const SCOPE_DETAILS: Record<ApiKeyScope, { label: string; description: string }> = {
  speech: { label: 'Speech', description: 'Turn text into speech' },
  'voices:read': { label: 'Read voices', description: 'List preset and cloned voices' },
  'voices:write': { label: 'Manage voices', description: 'Add and delete cloned voices' },
};

/** The stored prefix with an ellipsis, so nobody mistakes it for the whole secret. */
export const shownPrefix = (prefix: string): string => `${prefix}…`;

/**
 * A moment with its time of day, in the visitor's own way of writing dates; '' when unreadable.
 * Last-used times change within a day, so the date alone would say too little.
 */
export function formatDateTime(iso: string, locales?: Intl.LocalesArgument): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "Never" for a key that has not been used yet. */
export const lastUsedText = (key: Pick<ApiKey, 'lastUsedAt'>, locales?: Intl.LocalesArgument): string =>
  key.lastUsedAt ? formatDateTime(key.lastUsedAt, locales) || 'Never' : 'Never';

/** Characters spoken this month, against the key's cap when it has one: "1,200 / 10,000". */
export const monthUsageText = (key: Pick<ApiKey, 'charactersThisMonth' | 'monthlyCharacterCap'>): string =>
  key.monthlyCharacterCap === null
    ? formatCredits(key.charactersThisMonth)
    : `${formatCredits(key.charactersThisMonth)} / ${formatCredits(key.monthlyCharacterCap)}`;

/** Working keys first, revoked ones after them; within each, the server's order (newest first) stays. */
export function orderForList(keys: readonly ApiKey[]): ApiKey[] {
  return [...keys.filter((key) => !key.revokedAt), ...keys.filter((key) => key.revokedAt)];
}
