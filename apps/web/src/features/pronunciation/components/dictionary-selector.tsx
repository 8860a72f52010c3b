import { MAX_DICTIONARIES_PER_REQUEST } from '@sayso/contract/pronunciation';
import { BookA } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { studioCardStyle } from '@/components/ui/card-styles';
import { useDictionaries } from '../api/dictionaries';

interface DictionarySelectorProps {
  chosen: string[];
  onChange: (ids: string[]) => void;
}

/** A studio's choice of pronunciation dictionaries (at most three), applied to what it generates. */
export function DictionarySelector({ chosen, onChange }: DictionarySelectorProps) {
  const ids = useId();
  const dictionaries = useDictionaries({ retry: false });
  const full = chosen.length >= MAX_DICTIONARIES_PER_REQUEST;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((candidate) => candidate !== id));

  return (
    <fieldset className={studioCardStyle} aria-describedby={`${ids}-hint`}>
      <legend className="sr-only">Pronunciation dictionaries</legend>
      <p aria-hidden className="flex items-center gap-2 text-sm font-medium text-muted">
        <BookA className="h-4 w-4 text-accent" /> Pronunciation
      </p>
      <p id={`${ids}-hint`} className="mt-1 text-xs text-muted">
        Up to {MAX_DICTIONARIES_PER_REQUEST} dictionaries, applied in the order chosen.
      </p>
      {dictionaries.isPending ? <p className="mt-3 text-sm text-muted">Loading dictionaries…</p> : null}
      {/* Not an alert: the studio works without dictionaries, and its own messages are the ones to hear. */}
      {dictionaries.isError ? <p className="mt-3 text-sm text-danger">Dictionaries could not be loaded.</p> : null}
      {dictionaries.data?.length === 0 ? (
        <p className="mt-3 text-sm text-muted">You have no dictionaries yet.</p>
      ) : null}
      <div className="mt-3 space-y-2">
        {dictionaries.data?.map((dictionary) => {
          const checked = chosen.includes(dictionary.id);
          return (
            <label key={dictionary.id} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="accent-accent"
                checked={checked}
                disabled={!checked && full}
                onChange={(event) => toggle(dictionary.id, event.target.checked)}
              />
              <span className="min-w-0 break-words">{dictionary.name}</span>
            </label>
          );
        })}
      </div>
      <Link to="/pronunciation" className="mt-3 inline-block text-sm font-semibold text-accent hover:underline">
        Manage dictionaries
      </Link>
    </fieldset>
  );
}
