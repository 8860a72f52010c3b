import { StudioSetupNotice } from './components/studio-setup-notice';
import { DashboardShell } from './dashboard-shell';

export default function PresetStudioPage() {
  return (
    <DashboardShell title="Preset voices" backTo="/dashboard">
      <StudioSetupNotice studio="preset-voice studio" />
    </DashboardShell>
  );
}
