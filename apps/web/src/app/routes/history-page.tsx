import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { HistoryPanel } from '@/features/history/components/history-panel';
import { usePageTitle } from '@/lib/page-title';

/** /history: every generation of the user, to find, play, download, reuse or delete. */
export default function HistoryPage() {
  usePageTitle('History');
  return (
    <DashboardShell
      title="History"
      subtitle="Everything you have generated in both studios and through the API, newest first."
      backTo="/dashboard"
    >
      <HistoryPanel />
    </DashboardShell>
  );
}
