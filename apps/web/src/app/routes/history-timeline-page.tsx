import { useParams } from 'react-router';
import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { TimelineView } from '@/features/history/components/timeline-view';
import { usePageTitle } from '@/lib/page-title';

/** /history/:id: one generation's sentences, each playable and regenerable on its own. */
export default function HistoryTimelinePage() {
  usePageTitle('Timeline');
  const { id = '' } = useParams();
  return (
    <DashboardShell
      title="Timeline"
      subtitle="Play each sentence on its own and fix the ones that do not sound right."
      backTo="/history"
      backLabel="Back to history"
    >
      <TimelineView key={id} id={id} />
    </DashboardShell>
  );
}
