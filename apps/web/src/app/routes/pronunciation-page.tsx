import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { DictionaryList } from '@/features/pronunciation/components/dictionary-list';
import { NewDictionaryForm } from '@/features/pronunciation/components/new-dictionary-form';
import { usePageTitle } from '@/lib/page-title';

/** /pronunciation: the user's pronunciation dictionaries, their rules, PLS import and export. */
export default function PronunciationPage() {
  usePageTitle('Pronunciation');
  return (
    <DashboardShell
      title="Pronunciation"
      subtitle="Dictionaries of how to say names, brands and jargon. Choose them in either studio."
      backTo="/dashboard"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 lg:order-2">
          <NewDictionaryForm />
        </div>
        <div className="min-w-0 lg:order-1">
          <DictionaryList />
        </div>
      </div>
    </DashboardShell>
  );
}
