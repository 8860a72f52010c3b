import { useParams } from 'react-router';
import { ProjectEditor } from '@/features/projects/components/project-editor';
import { VoicePickerContext } from '@/features/projects/components/voice-picker-context';
import { VoicePickerModal } from '@/features/speech/components/voice-picker-modal';

/** /projects/:id: one project's chapters, blocks, cast, renders, player and exports. */
export default function ProjectEditorPage() {
  const { id = '' } = useParams();
  return (
    <VoicePickerContext.Provider value={VoicePickerModal}>
      <ProjectEditor projectId={id} />
    </VoicePickerContext.Provider>
  );
}
