import { useId } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import type { SpokenDialogue } from '../api/dialogue';
import { clock } from '../lib/dialogue-lines';

/** The spoken dialogue: its one audio, and the transcript with each line's speaker and time. */
export function DialogueResult({ dialogue }: { dialogue: SpokenDialogue }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`} className={studioCardStyle} data-testid="dialogue-result">
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
        Your dialogue
      </h2>
      <p className="mt-1 text-sm text-muted">
        {dialogue.lines.length} lines, {clock(dialogue.duration_ms)} long, {dialogue.characters} credits. It is also in
        your history.
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript below is the audio's text. */}
      <audio controls src={dialogue.audio_url} className="mt-4 w-full" aria-label="Dialogue audio" />
      <h3 className="mt-5 text-sm font-semibold text-ink">Transcript</h3>
      <ol className="mt-2 space-y-3" aria-label="Transcript">
        {dialogue.lines.map((line) => (
          <li key={line.start_ms} className="text-sm text-ink">
            <p>
              <span className="font-semibold" data-testid="transcript-speaker">
                {line.speaker}
              </span>{' '}
              <span className="text-muted">
                ({line.voice_name}, {clock(line.start_ms)})
              </span>
            </p>
            <p className="mt-0.5 break-words">{line.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
