import { Coins } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { studioCardStyle } from '@/components/ui/card-styles';
import { CreditsExhaustedDialog } from '@/components/ui/credits-exhausted-dialog';
import { SpeechResultCard } from '@/components/ui/speech-result-card';
import { DialogueMode } from '@/features/dialogue/components/dialogue-mode';
import { StudioModeSwitch, type StudioMode } from '@/features/dialogue/components/studio-mode-switch';
import { DictionarySelector } from '@/features/pronunciation/components/dictionary-selector';
import { PresetTextCard } from '@/features/speech/components/preset-text-card';
import { VoicePickerModal } from '@/features/speech/components/voice-picker-modal';
import { DEFAULT_VOICE_SETTINGS, VoiceSettingsCard } from '@/features/speech/components/voice-settings-card';
import { presetGenerateBlocker, usePresetGeneration } from '@/features/speech/hooks/use-preset-generation';
import { usePresetVoices } from '@/features/speech/hooks/use-preset-voices';
import { accountFigures } from '@/lib/account/account-figures';
import { creditCost } from '@/lib/account/credits';
import { useMe } from '@/lib/account/get-me';
import { formatCredits } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { progressLabel } from '@/lib/speech-task/polling';
import { useStudioPrefill } from '@/lib/studio-prefill';

/** /dashboard2: type any text, pick a preset voice, tune it, and generate speech. */
export default function PresetStudioPage() {
  usePageTitle('Preset voices');
  const me = useMe();
  // Opened from the history's "Use in studio": start from that generation's text, voice and settings.
  const prefill = useStudioPrefill('preset');
  const choices = usePresetVoices(
    prefill && { voiceId: prefill.voiceId, language: prefill.settings.language, modelId: prefill.modelId },
  );
  const { state, generate, creditsExhausted, setCreditsExhausted } = usePresetGeneration();

  const [text, setText] = useState(prefill?.text ?? '');
  const [settings, setSettings] = useState(
    prefill
      ? { speed: prefill.settings.speed, pitch: prefill.settings.pitch, volume: prefill.settings.volume }
      : DEFAULT_VOICE_SETTINGS,
  );
  const [pickerOpen, setPickerOpen] = useState(false);
  const [dictionaryIds, setDictionaryIds] = useState<string[]>([]);
  const [mode, setMode] = useState<StudioMode>('single');

  const generating = state.phase === 'generating';
  const credits = me.data ? accountFigures(me.data).credits : null;

  return (
    <DashboardShell
      title="Preset voices"
      subtitle="Type any text, choose a voice from the library and turn it into speech."
      backTo="/dashboard"
    >
      <StudioModeSwitch mode={mode} onChange={setMode} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {mode === 'dialogue' ? (
          <section aria-label="Dialogue" className="min-w-0">
            <DialogueMode voices={choices.voiceList} voicesLoading={choices.voicesLoading} />
          </section>
        ) : (
          <section aria-label="Text and result" className="space-y-6">
            <PresetTextCard
              text={text}
              onTextChange={setText}
              generating={generating}
              generateBlocker={presetGenerateBlocker({
                voicesLoading: choices.voicesLoading,
                voiceChosen: choices.voiceId !== null,
                modelsLoading: choices.modelsLoading,
                text,
              })}
              onGenerate={() =>
                void generate(
                  {
                    text,
                    voice_id: choices.voiceId ?? '',
                    model_id: choices.activeModel,
                    // The spec's request says false; the server keeps a transcript for every task anyway, and the result shows it.
                    with_transcript: false,
                    ...settings,
                    ...(dictionaryIds.length > 0 ? { pronunciation_dictionary_ids: dictionaryIds } : {}),
                  },
                  choices.selectedVoice !== null,
                )
              }
              error={state.phase === 'error' ? state.message : null}
              voiceName={choices.selectedVoice?.name ?? null}
              onChangeVoice={() => setPickerOpen(true)}
            />

            <SpeechResultCard
              state={state}
              progressLabel={(task) => (task ? progressLabel(task.progress, task.status) : 'Generating...')}
            />
          </section>
        )}

        <aside aria-label="Voice settings" className="space-y-6">
          <div className={studioCardStyle}>
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

          {mode === 'single' && (
            <>
              <VoiceSettingsCard
                models={choices.modelList}
                modelsLoading={choices.modelsLoading}
                activeModel={choices.activeModel}
                onModelChange={choices.chooseModel}
                selectedVoice={choices.selectedVoice}
                language={choices.language}
                fallbackVoices={choices.fallbackVoices}
                onBrowseVoices={() => setPickerOpen(true)}
                settings={settings}
                onSettingsChange={setSettings}
              />

              <DictionarySelector chosen={dictionaryIds} onChange={setDictionaryIds} />
            </>
          )}
        </aside>
      </div>

      <VoicePickerModal
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        voices={choices.voiceList}
        selectedId={choices.voiceId}
        onSelect={(voice, chosenLanguage) => {
          choices.chooseVoice(voice, chosenLanguage);
          setPickerOpen(false);
        }}
      />
      <CreditsExhaustedDialog open={creditsExhausted} onOpenChange={setCreditsExhausted} needed={creditCost(text)} />
    </DashboardShell>
  );
}
