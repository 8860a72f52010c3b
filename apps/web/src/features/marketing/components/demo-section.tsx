import { AlertCircle, Loader2, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { SectionHeading } from '@/components/ui/section-heading';
import {
  DEMO_TEXT_LIMIT,
  DEMO_VOICES,
  demoArrivalVoice,
  rememberDemoVoice,
} from '@/features/marketing/lib/demo-voices';
import { revealResult } from '@/lib/reveal';
import { type PlaybackPoint, playbackPoint, resumeAt } from '@/lib/speech-task/audio-handover';
import { progressPercent, queueNote } from '@/lib/speech-task/polling';
import { useDemoGeneration } from '../hooks/use-demo-generation';
import { DemoVoicePicker } from './demo-voice-picker';
import { DEMO_SECTION_ID } from './hero-section';

export const DEMO_MISSING_INPUT_ALERT = 'Please select a voice and enter some text!';

export function DemoSection() {
  // A voice is chosen on arrival, so the visitor only has to type and press Generate.
  const [voiceId, setVoiceId] = useState<string | null>(demoArrivalVoice);
  const [text, setText] = useState('');
  // The spec's missing-input message, shown in the page where a native alert would have blocked it.
  const [missingInput, setMissingInput] = useState(false);
  const { state, start } = useDemoGeneration();
  const generating = state.phase === 'generating';
  const progress = state.phase === 'generating' ? progressPercent(state.task) : null;
  const queued = state.phase === 'generating' ? queueNote(state.task?.queue_position) : null;
  const error = missingInput ? DEMO_MISSING_INPUT_ALERT : state.phase === 'error' ? state.message : null;
  const audioUrl = state.phase === 'done' ? state.audioUrl : null;
  const streamUrl = state.phase === 'generating' ? (state.streamUrl ?? null) : null;
  const resultBox = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLAudioElement>(null);
  // Where the live stream had got to when the finished file replaced it in the same player.
  const handover = useRef<PlaybackPoint | null>(null);

  // The audio plays from its live stream as soon as the first sentence exists (decision 0025); the
  // Generate click lets the page play sound, and a refusal leaves the player's own Play button.
  useEffect(() => {
    if (streamUrl) player.current?.play().catch(() => {});
  }, [streamUrl]);

  // The result appears under the form, below the fold on a phone: bring it into view and put focus
  // on its player, so the visitor (and a screen reader) lands on the audio they asked for.
  useEffect(() => {
    if (audioUrl && resultBox.current) revealResult(resultBox.current, player.current);
  }, [audioUrl]);

  function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!voiceId || !trimmed) {
      setMissingInput(true);
      return;
    }
    setMissingInput(false);
    void start({ text: trimmed, voiceId });
  }

  return (
    <section
      id={DEMO_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="demo-heading"
      className="scroll-mt-20 bg-surface focus:outline-none"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="demo-heading"
          eyebrow="Live demo"
          title="Hear it for yourself"
          description={`Pick a voice, type up to ${DEMO_TEXT_LIMIT} characters and press Generate Voice. No account needed.`}
        />
        <form
          onSubmit={generate}
          className="mt-10 rounded-card border border-line bg-card p-5 shadow-sm sm:p-8"
          noValidate
        >
          <DemoVoicePicker
            voices={DEMO_VOICES}
            selectedId={voiceId}
            onSelect={(chosen) => {
              setVoiceId(chosen);
              setMissingInput(false);
              rememberDemoVoice(chosen);
            }}
            disabled={generating}
          />

          <div className="mt-8">
            <div className="flex items-baseline justify-between gap-4">
              <label htmlFor="demo-text" className="text-sm font-semibold text-ink">
                2. Type your text
              </label>
              <span id="demo-text-count" className="text-xs text-muted tabular-nums" aria-live="polite">
                {text.length} / {DEMO_TEXT_LIMIT}
              </span>
            </div>
            <textarea
              id="demo-text"
              value={text}
              maxLength={DEMO_TEXT_LIMIT}
              onChange={(event) => {
                setText(event.target.value.slice(0, DEMO_TEXT_LIMIT));
                setMissingInput(false);
              }}
              aria-describedby="demo-text-count"
              rows={4}
              disabled={generating}
              placeholder="Welcome to Sayso. This sentence was typed a moment ago and is now being spoken aloud."
              className="mt-2 w-full resize-y rounded-control border border-line bg-card px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:bg-surface"
            />
          </div>

          <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
            <button type="submit" className={`${buttonStyles.primary} px-6 py-3 text-base`} disabled={generating}>
              {generating ? (
                <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
              ) : (
                <Sparkles aria-hidden className="h-4 w-4" />
              )}
              {generating ? 'Generating...' : 'Generate Voice'}
            </button>
            {generating ? (
              <p role="status" className="text-sm text-muted">
                Creating your audio{progress === null ? '…' : ` (${Math.round(progress)}%)`}
                {queued ? <span className="block font-medium text-accent-strong">{queued}</span> : null}
              </p>
            ) : null}
          </div>

          {error ? (
            <div
              role="alert"
              className="mt-6 flex items-start gap-3 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
            >
              <AlertCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <p>{error}</p>
            </div>
          ) : null}

          {audioUrl || streamUrl ? (
            <div ref={resultBox} className="mt-6 scroll-mb-4 rounded-control bg-accent-soft p-4">
              {audioUrl ? <p className="text-sm font-semibold text-ink">Your audio is ready</p> : null}
              {/* One player from the stream to the finished file, which takes over where the stream got to. */}
              {/* biome-ignore lint/a11y/useMediaCaption: the caption is the text the visitor just typed */}
              <audio
                ref={player}
                controls
                src={audioUrl ?? streamUrl ?? undefined}
                className="mt-3 w-full"
                aria-label="Generated demo audio"
                onTimeUpdate={(event) => {
                  if (!audioUrl) handover.current = playbackPoint(event.currentTarget);
                }}
                onLoadedMetadata={(event) => {
                  if (audioUrl && handover.current) resumeAt(event.currentTarget, handover.current);
                  handover.current = null;
                }}
              />
            </div>
          ) : null}
        </form>
      </div>
    </section>
  );
}
