import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { ProjectEditor } from '@/features/projects/components/project-editor';
import { VoicePickerContext } from '@/features/projects/components/voice-picker-context';
import { VoicePickerModal } from '@/features/speech/components/voice-picker-modal';

function EditorFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string | undefined;
  children: ReactNode;
}) {
  return (
    <DashboardShell title={title} subtitle={subtitle} backTo="/projects" backLabel="Back to projects">
      {children}
    </DashboardShell>
  );
}

/** /projects/:id: one project's chapters, blocks, cast, renders, player and exports. */
export default function ProjectEditorPage() {
  const { id = '' } = useParams();
  return (
    <VoicePickerContext.Provider value={VoicePickerModal}>
      <ProjectEditor projectId={id} Frame={EditorFrame} />
    </VoicePickerContext.Provider>
  );
}
