import { useNavigate } from 'react-router';
import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { NewProjectForm } from '@/features/projects/components/new-project-form';
import { ProjectList } from '@/features/projects/components/project-list';
import { VoicePickerContext } from '@/features/projects/components/voice-picker-context';
import { VoicePickerModal } from '@/features/speech/components/voice-picker-modal';
import { usePageTitle } from '@/lib/page-title';

/** /projects: the user's long-form projects (books, courses, scripts), and a new one from a file or text. */
export default function ProjectsPage() {
  usePageTitle('Projects');
  const navigate = useNavigate();
  return (
    <VoicePickerContext.Provider value={VoicePickerModal}>
      <DashboardShell
        title="Projects"
        subtitle="Long-form audio from a manuscript: chapters, a cast of voices and audiobook exports."
        backTo="/dashboard"
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="min-w-0 lg:order-2">
            <NewProjectForm onCreated={(project) => navigate(`/projects/${encodeURIComponent(project.id)}`)} />
          </div>
          <div className="min-w-0 lg:order-1">
            <ProjectList />
          </div>
        </div>
      </DashboardShell>
    </VoicePickerContext.Provider>
  );
}
