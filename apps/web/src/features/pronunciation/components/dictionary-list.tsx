import { PageLoading } from '@/components/ui/page-loading';
import { useDictionaries } from '../api/dictionaries';
import { DictionaryCard } from './dictionary-card';

/** The user's dictionaries, with loading, empty and error states. */
export function DictionaryList() {
  const dictionaries = useDictionaries();
  if (dictionaries.isPending) return <PageLoading />;
  if (dictionaries.isError) {
    return (
      <p role="alert" className="rounded-card border border-danger/30 bg-danger-soft p-5 text-sm text-danger">
        Your dictionaries could not be loaded: {dictionaries.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void dictionaries.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (dictionaries.data.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-line bg-card p-8 text-center">
        <p className="text-base font-semibold text-ink">No pronunciation dictionaries yet</p>
        <p className="mt-1 text-sm text-muted">
          Create one, add a rule such as “ASAP” said as “as soon as possible”, and choose it in a studio.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {dictionaries.data.map((dictionary) => (
        <DictionaryCard key={dictionary.id} dictionary={dictionary} />
      ))}
    </div>
  );
}
