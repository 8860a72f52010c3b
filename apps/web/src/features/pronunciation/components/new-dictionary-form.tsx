import { PLS_MAX_BYTES } from '@sayso/contract/pronunciation';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { useCreateDictionary, useImportDictionary } from '../api/dictionaries';

const inputStyle = 'mt-2 w-full rounded-control border border-line bg-card px-3 py-2 text-sm';

/** A new, empty dictionary by name, or one read from a W3C PLS file. */
export function NewDictionaryForm() {
  const ids = useId();
  const create = useCreateDictionary();
  const importing = useImportDictionary();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setMessage({ tone: 'error', text: 'Please enter a name for the dictionary.' });
    try {
      await create.mutateAsync({ name: trimmed, rules: [] });
      setName('');
      setMessage({ tone: 'success', text: `Dictionary “${trimmed}” created: add its rules in its card.` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    if (file.size > PLS_MAX_BYTES) {
      return setMessage({ tone: 'error', text: `A PLS file may be at most ${PLS_MAX_BYTES / 1024} KiB.` });
    }
    const fileName = file.name.replace(/\.(pls|xml)$/i, '') || 'Imported';
    try {
      const made = await importing.mutateAsync({ name: fileName.slice(0, 100), pls: await file.text() });
      setMessage({ tone: 'success', text: `Imported “${made.name}” with ${made.rules.length} rules.` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className={studioCardStyle}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
        New dictionary
      </h2>
      <p className="mt-1 text-sm text-muted">Fix how names, brands and jargon are said, once for every generation.</p>
      <form className="mt-4 space-y-3" onSubmit={submit} aria-busy={create.isPending}>
        <label htmlFor={`${ids}-name`} className="text-sm font-medium text-ink">
          Name
        </label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          className={inputStyle}
          placeholder="Brand names"
        />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create dictionary'}
        </button>
      </form>
      <div className="mt-5 border-t border-line pt-4">
        <label htmlFor={`${ids}-file`} className="text-sm font-medium text-ink">
          Or import a W3C PLS file
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".pls,.xml,application/pls+xml,application/xml,text/xml"
          disabled={importing.isPending}
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            event.target.value = '';
          }}
          className="mt-2 block w-full text-sm text-ink file:mr-3 file:rounded-control file:border-0 file:bg-accent-soft file:px-4 file:py-2 file:font-semibold file:text-accent-strong"
        />
        {importing.isPending ? <p className="mt-2 text-sm text-muted">Importing…</p> : null}
      </div>
      {message ? (
        <div className="mt-4">
          <InlineMessage tone={message.tone} messageKey={message.text}>
            {message.text}
          </InlineMessage>
        </div>
      ) : null}
    </section>
  );
}
