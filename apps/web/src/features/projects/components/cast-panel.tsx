import type { ProjectDetail } from '@sayso/contract/projects';
import type { Voice } from '@sayso/contract/speech';
import { studioCardStyle } from '@/components/ui/card-styles';
import { projectEdits, useProjectEdit } from '../api/project';
import { ProblemLine } from './problem-line';
import { VoiceChoice } from './voice-choice';

/** The speakers found in the text, each with the voice that reads all their lines. */
export function CastPanel({ project, voices }: { project: ProjectDetail; voices: Voice[] }) {
  const cast = useProjectEdit(project.id, ({ name, voiceId }: { name: string; voiceId: string | null }) =>
    projectEdits.cast(project.id, name, voiceId),
  );
  return (
    <section aria-labelledby="cast-title" className={studioCardStyle}>
      <h2 id="cast-title" className="text-lg font-semibold text-ink">
        Cast
      </h2>
      {project.speakers.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No speakers found. Lines written as "NAME: line", or quotes with a speech verb ("…," said Tom), are listed
          here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">A speaker's voice reads all of their lines.</p>
          <ul className="mt-3 space-y-3">
            {project.speakers.map((speaker) => (
              <li key={speaker.name} aria-label={speaker.name} className="space-y-1">
                <p className="text-sm font-semibold text-ink">
                  {speaker.name}{' '}
                  <span className="font-normal text-muted">
                    · {speaker.lines} {speaker.lines === 1 ? 'line' : 'lines'}
                  </span>
                </p>
                <VoiceChoice
                  label={`Voice for ${speaker.name}`}
                  voices={voices}
                  voiceId={speaker.voice_id}
                  emptyLabel="Narrator's voice"
                  disabled={cast.isPending}
                  onChoose={(voiceId) => cast.mutate({ name: speaker.name, voiceId })}
                  onClear={() => cast.mutate({ name: speaker.name, voiceId: null })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-2">
        <ProblemLine error={cast.error} />
      </div>
    </section>
  );
}
