import type { Voice } from '@sayso/contract/speech';
import { useEffect, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { useSpeakDialogue } from '../api/dialogue';
import { type DraftLine, dialogueBlocker, newLine } from '../lib/dialogue-lines';
import { DialogueLineEditor } from './dialogue-line-editor';
import { DialogueResult } from './dialogue-result';

interface DialogueModeProps {
  /** The preset studio's voices; the page owns them, so both modes share one list. */
  voices: Voice[];
  voicesLoading: boolean;
}

/** The preset studio's Dialogue mode: lines with a speaker and a voice each, spoken as one audio. */
export function DialogueMode({ voices, voicesLoading }: DialogueModeProps) {
  const ids = useId();
  const speak = useSpeakDialogue();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [shownBlocker, setShownBlocker] = useState<string | null>(null);

  // Two speakers to start with, with the first two voices, once the voices are known.
  useEffect(() => {
    if (lines.length > 0 || voices.length === 0) return;
    setLines([newLine('Speaker 1', voices[0]?.voice_id ?? ''), newLine('Speaker 2', voices[1]?.voice_id ?? '')]);
  }, [voices, lines.length]);

  const addLine = () => {
    // A new line answers the one before it: the speaker before that, or a new one.
    const previous = lines.at(-2) ?? null;
    const speaker = previous ?? { speaker: `Speaker ${lines.length + 1}`, voiceId: voices[0]?.voice_id ?? '' };
    setLines([...lines, newLine(speaker.speaker, speaker.voiceId)]);
  };

  const submit = () => {
    const blocker = dialogueBlocker(lines);
    setShownBlocker(blocker);
    if (blocker) return;
    speak.mutate(
      lines.map((line) => ({ speaker: line.speaker.trim(), voice_id: line.voiceId, text: line.text.trim() })),
    );
  };

  const error = shownBlocker ?? (speak.error ? speak.error.message : null);

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${ids}-title`} className={studioCardStyle}>
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
          Dialogue
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          Give each line a speaker and a voice. The lines are spoken in order, as one audio.
        </p>
        <DialogueLineEditor
          lines={lines}
          onChange={setLines}
          voices={voices}
          voicesLoading={voicesLoading}
          disabled={speak.isPending}
          onAdd={addLine}
        />
        <div className="mt-5 space-y-3">
          {error && (
            <InlineMessage tone="error" messageKey={error}>
              {error}
            </InlineMessage>
          )}
          <button
            type="button"
            className={`${buttonStyles.primary} w-full sm:w-auto`}
            onClick={submit}
            disabled={speak.isPending}
            aria-busy={speak.isPending}
          >
            {speak.isPending ? 'Generating dialogue…' : 'Generate dialogue'}
          </button>
        </div>
      </section>
      {speak.data && <DialogueResult dialogue={speak.data} />}
    </div>
  );
}
