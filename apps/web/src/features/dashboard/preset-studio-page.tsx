import { useMutation, useQuery } from '@tanstack/react-query';
import { AudioLines, Coins, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '@/features/account/api/get-me';
import { accountFigures } from '@/features/account/lib/account-figures';
import { getPreferences, savePreferredVoice } from '@/features/speech/api/preferences';
import { modelsQuery, type Voice, voicesQuery } from '@/features/speech/api/voices';
import { CreditsExhaustedDialog } from '@/features/speech/components/credits-exhausted-dialog';
import { ResultPlayer } from '@/features/speech/components/result-player';
import { SliderField } from '@/features/speech/components/slider-field';
import { VoicePickerModal } from '@/features/speech/components/voice-picker-modal';
import { usePresetGeneration } from '@/features/speech/hooks/use-preset-generation';
import { formatCredits } from '@/lib/format';
import { DashboardShell } from './dashboard-shell';

const DEFAULTS = { speed: 1, pitch: 0, volume: 1 };
const WARN_ABOVE = 5_000;

const card = 'rounded-card border border-line bg-card p-5 shadow-sm sm:p-6';

/** /dashboard2: type any text, pick a preset voice, tune it, and generate speech. */
export default function PresetStudioPage() {
  const ids = useId();
  const me = useMe();
  const voices = useQuery(voicesQuery);
  const models = useQuery(modelsQuery);
  const preferences = useQuery({ queryKey: ['preferences'], queryFn: getPreferences, retry: false });
  const savePreference = useMutation({ mutationFn: (voice: Voice) => savePreferredVoice(voice.voice_id, voice.name) });
  const { state, generate, creditsExhausted, setCreditsExhausted } = usePresetGeneration();

  const [text, setText] = useState('');
  const [voiceId, setVoiceId] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [settings, setSettings] = useState(DEFAULTS);
  const [pickerOpen, setPickerOpen] = useState(false);

  const voiceList = voices.data?.voices ?? [];
  const selectedVoice = voiceList.find((voice) => voice.voice_id === voiceId) ?? null;
  const modelList = models.data?.models ?? [];
  const activeModel = modelId ?? modelList[0]?.model_id ?? '';

  // Restore the preferred voice once both the voices and the preference are known.
  useEffect(() => {
    const preferred = preferences.data?.preferredVoiceId;
    if (voiceId === null && preferred && voiceList.some((voice) => voice.voice_id === preferred)) setVoiceId(preferred);
  }, [preferences.data, voiceList, voiceId]);

  const generating = state.phase === 'generating';
  const credits = me.data ? accountFigures(me.data).credits : null;

  return (
    <DashboardShell
      title="Preset voices"
      subtitle="Type any text, choose a voice from the library and turn it into speech."
      backTo="/dashboard"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Text and result" className="space-y-6">
          <div className={card}>
            <label htmlFor={`${ids}-text`} className="text-sm font-semibold text-ink">
              Your text
            </label>
            <textarea
              id={`${ids}-text`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Type or paste your text here. There is no length limit to worry about: long texts are read in full."
              rows={12}
              className="mt-2 block w-full resize-y rounded-control border border-line bg-white p-4 text-base leading-relaxed text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            />
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
              <span data-testid="character-count">{text.length.toLocaleString('en-US')} characters</span>
              {text.length > WARN_ABOVE && (
                <span className="text-amber-700">Long text: generation will take a while.</span>
              )}
            </div>
            <button
              type="button"
              disabled={generating || !text.trim() || !voiceId || !activeModel}
              onClick={() =>
                void generate(
                  {
                    text,
                    voice_id: voiceId ?? '',
                    model_id: activeModel,
                    with_transcript: false,
                    ...settings,
                  },
                  selectedVoice !== null,
                )
              }
              className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-control bg-accent px-5 py-3 text-base font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
            >
              <AudioLines aria-hidden className="h-5 w-5" />
              {generating ? 'Generating...' : 'Generate Voice'}
            </button>
            {state.phase === 'error' && (
              <p
                role="alert"
                className="mt-4 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
              >
                {state.message}
              </p>
            )}
          </div>

          {(state.phase === 'generating' || state.phase === 'done') && (
            <div className={card} aria-live="polite">
              <h2 className="text-lg font-semibold text-ink">Result</h2>
              {state.phase === 'generating' ? (
                <div className="mt-4">
                  <p className="text-sm text-muted">{state.label}</p>
                  <div
                    className="mt-2 h-2 overflow-hidden rounded-full bg-accent-soft"
                    role="progressbar"
                    aria-label="Generation progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={state.percent ?? undefined}
                  >
                    <div
                      className={`h-full rounded-full bg-accent transition-all ${state.percent === null ? 'w-1/3 animate-pulse' : ''}`}
                      style={state.percent === null ? undefined : { width: `${Math.max(4, state.percent)}%` }}
                    />
                  </div>
                </div>
              ) : (
                <div className="mt-4">
                  <ResultPlayer audioUrl={state.audioUrl} />
                </div>
              )}
            </div>
          )}
        </section>

        <aside aria-label="Voice settings" className="space-y-6">
          <div className={card}>
            <p className="flex items-center gap-2 text-sm font-medium text-muted">
              <Coins aria-hidden className="h-4 w-4 text-accent" /> Credits
            </p>
            <p data-testid="sidebar-credits" className="mt-1 text-2xl font-bold tabular-nums text-ink">
              {credits === null ? '—' : formatCredits(credits)}
            </p>
            <Link
              to="/pricing"
              className="mt-3 inline-flex w-full items-center justify-center rounded-control bg-accent-soft px-4 py-2 text-sm font-semibold text-accent-strong hover:bg-accent hover:text-white"
            >
              Buy Credits
            </Link>
          </div>

          <div className={`${card} space-y-5`}>
            <div>
              <label htmlFor={`${ids}-model`} className="text-sm font-medium text-ink">
                Model
              </label>
              <select
                id={`${ids}-model`}
                value={activeModel}
                onChange={(event) => setModelId(event.target.value)}
                className="mt-2 block w-full rounded-control border border-line bg-white px-3 py-2 text-sm"
              >
                {modelList.map((model) => (
                  <option key={model.model_id} value={model.model_id}>
                    {model.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <p className="text-sm font-medium text-ink">Voice</p>
              <button
                type="button"
                onClick={() => setPickerOpen(true)}
                className="mt-2 flex w-full items-center justify-between rounded-control border border-line bg-white px-3 py-2 text-left text-sm hover:border-accent"
              >
                <span className={selectedVoice ? 'font-semibold text-ink' : 'text-muted'}>
                  {selectedVoice ? selectedVoice.name : 'Select a Voice'}
                </span>
                <span className="text-accent">{selectedVoice ? 'Change' : 'Browse'}</span>
              </button>
              {selectedVoice && (
                <p className="mt-1 text-xs text-muted">
                  {[language ?? selectedVoice.locale, selectedVoice.accent, selectedVoice.gender]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
              {voices.data?.fallback && (
                <p className="mt-2 text-xs text-amber-700">
                  The voice list could not be loaded; showing the built-in list, which needs the cloud provider.
                </p>
              )}
            </div>
            <SliderField
              label="Speed"
              value={settings.speed}
              min={0.5}
              max={2}
              step={0.1}
              format={(v) => `${v.toFixed(1)}×`}
              onChange={(speed) => setSettings((s) => ({ ...s, speed }))}
            />
            <SliderField
              label="Pitch"
              value={settings.pitch}
              min={-10}
              max={10}
              step={1}
              format={(v) => (v > 0 ? `+${v}` : String(v))}
              onChange={(pitch) => setSettings((s) => ({ ...s, pitch }))}
            />
            <SliderField
              label="Volume"
              value={settings.volume}
              min={0}
              max={2}
              step={0.1}
              format={(v) => v.toFixed(1)}
              onChange={(volume) => setSettings((s) => ({ ...s, volume }))}
            />
            <button
              type="button"
              onClick={() => setSettings(DEFAULTS)}
              className="inline-flex items-center gap-2 text-sm font-semibold text-accent hover:underline"
            >
              <RotateCcw aria-hidden className="h-4 w-4" /> Reset
            </button>
          </div>
        </aside>
      </div>

      <VoicePickerModal
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        voices={voiceList}
        selectedId={voiceId}
        onSelect={(voice, chosenLanguage) => {
          setVoiceId(voice.voice_id);
          setLanguage(chosenLanguage);
          setPickerOpen(false);
          savePreference.mutate(voice);
        }}
      />
      <CreditsExhaustedDialog open={creditsExhausted} onOpenChange={setCreditsExhausted} />
    </DashboardShell>
  );
}
