import { StudioSetupNotice } from './components/studio-setup-notice';
import { DashboardShell } from './dashboard-shell';

export default function CloneStudioPage() {
  return (
    <DashboardShell title="Sayso" backTo="/dashboard">
      <StudioSetupNotice studio="voice-cloning studio" />
    </DashboardShell>
  );
}
