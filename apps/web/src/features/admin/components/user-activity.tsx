import type { AdminUserDetail } from '@sayso/contract/admin';
import { formatCredits, formatDateTime } from '@/lib/format';

const empty = (text: string) => <p className="px-4 py-6 text-sm text-muted sm:px-6">{text}</p>;
const row = 'flex flex-col gap-0.5 px-4 py-3 sm:px-6';

/** The user's newest speech tasks: status, engine, size and the start of the text. */
export function TasksList({ tasks }: { tasks: AdminUserDetail['tasks'] }) {
  if (tasks.length === 0) return empty('No speech tasks yet.');
  return (
    <ul aria-label="Tasks" className="divide-y divide-line text-sm">
      {tasks.map((task) => (
        <li key={task.id} className={row}>
          <p className="wrap-anywhere text-ink">{task.preview || <span className="text-muted">No text</span>}</p>
          <p className="text-xs text-muted">
            {formatDateTime(task.createdAt)} · {task.status} · {task.engine} · {formatCredits(task.characters)}{' '}
            characters
          </p>
        </li>
      ))}
    </ul>
  );
}

export function VoicesList({ voices }: { voices: AdminUserDetail['voices'] }) {
  if (voices.length === 0) return empty('No cloned voices.');
  return (
    <ul aria-label="Cloned voices" className="divide-y divide-line text-sm">
      {voices.map((voice) => (
        <li key={voice.id} className={row}>
          <p className="font-medium wrap-anywhere text-ink">{voice.name}</p>
          <p className="text-xs text-muted">
            {voice.engine} · made {formatDateTime(voice.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The user's API keys as the user sees them: name, the start of the secret, use and revocation. */
export function ApiKeysList({ keys }: { keys: AdminUserDetail['apiKeys'] }) {
  if (keys.length === 0) return empty('No API keys.');
  return (
    <ul aria-label="API keys" className="divide-y divide-line text-sm">
      {keys.map((key) => (
        <li key={key.id} className={row}>
          <p className="font-medium wrap-anywhere text-ink">
            {key.name} <span className="font-mono text-xs text-muted">{key.prefix}…</span>
          </p>
          <p className="text-xs text-muted">
            {key.revokedAt ? `Revoked ${formatDateTime(key.revokedAt)}` : 'Live'} ·{' '}
            {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : 'never used'}
          </p>
        </li>
      ))}
    </ul>
  );
}
