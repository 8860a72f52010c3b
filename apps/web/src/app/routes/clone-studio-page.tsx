import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { CreditsExhaustedDialog } from '@/components/ui/credits-exhausted-dialog';
import { CloneCreditsCard } from '@/features/cloning/components/clone-credits-card';
import { CloneResultCard } from '@/features/cloning/components/clone-result-card';
import { CloneStudioError } from '@/features/cloning/components/clone-studio-error';
import { ClonedVoicesModal } from '@/features/cloning/components/cloned-voices-modal';
import { ConversionModal } from '@/features/cloning/components/conversion-modal';
import { CreateVoiceCard } from '@/features/cloning/components/create-voice-card';
import { GenerateCard } from '@/features/cloning/components/generate-card';
import { VoiceLimitDialog } from '@/features/cloning/components/voice-limit-dialog';
import { useCloneStudio } from '@/features/cloning/hooks/use-clone-studio';
import { DictionarySelector } from '@/features/pronunciation/components/dictionary-selector';
import { creditCost } from '@/lib/account/credits';
import { usePageTitle } from '@/lib/page-title';
import { useStudioPrefill } from '@/lib/studio-prefill';

/** /dashboard3: upload a sample, create a cloned voice, and speak any text with it. */
export default function CloneStudioPage() {
  usePageTitle('Cloned voices');
  // Opened from the history's "Use in studio": start from that generation's text and voice.
  const prefill = useStudioPrefill('clone');
  const studio = useCloneStudio(
    prefill && { text: prefill.text, voice: { id: prefill.voiceId, name: prefill.voiceName } },
  );
  const { sample, voice, saved, dialogs } = studio;
  const pageProblem = studio.messageAt('page');

  return (
    <DashboardShell
      title="Sayso"
      subtitle="Clone a voice from a short sample, then speak any text with it."
      backTo="/dashboard"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Text and result" className="space-y-6 lg:order-1">
          {pageProblem && <CloneStudioError message={pageProblem} />}
          <GenerateCard
            text={studio.text}
            onTextChange={studio.setText}
            generating={studio.generation.phase === 'generating'}
            generateBlocker={studio.generateBlocker}
            onGenerate={studio.startGeneration}
            selected={saved.selected}
            problem={studio.messageAt('generate')}
            problemNeedsNewVoice={studio.voiceRemediesShown}
          />
          <CloneResultCard state={studio.generation} justFinished={studio.justFinished} />
        </section>

        <aside aria-label="Your voice" className="space-y-6 lg:order-2">
          <CloneCreditsCard
            credits={studio.credits}
            onOpenVoices={() => dialogs.setVoicesOpen(true)}
            selectedNotice={saved.selectedNotice}
            problem={studio.messageAt('voices')}
          />
          <CreateVoiceCard
            file={sample.file}
            validating={sample.validating}
            onFile={(chosen) => void sample.choose(chosen)}
            onRemoveFile={sample.clear}
            draft={voice.draft}
            onDraftChange={voice.changeDraft}
            onLanguageChange={voice.changeLanguage}
            creating={voice.creating}
            created={voice.createdFor(sample.file)}
            onCreate={studio.createVoice}
            notice={voice.notice}
            uploadProblem={studio.messageAt('upload')}
            createProblem={studio.messageAt('create')}
            noiseReductionAvailable={voice.noiseReductionAvailable}
          />
          <DictionarySelector chosen={studio.dictionaryIds} onChange={studio.setDictionaryIds} />
        </aside>
      </div>

      {sample.conversion && (
        <ConversionModal
          fileName={sample.conversion.fileName}
          progress={sample.conversion.progress}
          onCancel={sample.cancelConversion}
        />
      )}
      <ClonedVoicesModal
        open={dialogs.voicesOpen}
        onOpenChange={dialogs.setVoicesOpen}
        voices={saved.list}
        loading={saved.loading}
        selectedId={saved.selected?.id ?? null}
        onUse={(chosen) => {
          saved.use(chosen);
          dialogs.setVoicesOpen(false);
        }}
        onDelete={saved.remove}
      />
      <VoiceLimitDialog
        open={dialogs.limitOpen}
        onOpenChange={dialogs.setLimitOpen}
        onManage={() => {
          dialogs.setLimitOpen(false);
          dialogs.setVoicesOpen(true);
        }}
      />
      <CreditsExhaustedDialog
        open={dialogs.creditsOpen}
        onOpenChange={dialogs.setCreditsOpen}
        needed={creditCost(studio.text)}
      />
    </DashboardShell>
  );
}
