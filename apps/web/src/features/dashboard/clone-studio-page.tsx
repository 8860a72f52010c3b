import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioLines, Coins, Library, Wand2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMe } from '@/features/account/api/get-me';
import { accountFigures } from '@/features/account/lib/account-figures';
import { cloneVoice } from '@/features/cloning/api/clone-voice';
import { type ClonedVoice, clonedVoicesQuery, deleteClonedVoice } from '@/features/cloning/api/cloned-voices';
import { ClonedVoicesModal } from '@/features/cloning/components/cloned-voices-modal';
import { ConversionModal } from '@/features/cloning/components/conversion-modal';
import { LoadedFile } from '@/features/cloning/components/loaded-file';
import { TranscriptView } from '@/features/cloning/components/transcript-view';
import { UploadZone } from '@/features/cloning/components/upload-zone';
import { VoiceLimitDialog } from '@/features/cloning/components/voice-limit-dialog';
import { useCloneGeneration } from '@/features/cloning/hooks/use-clone-generation';
import {
  type ConversionProgress,
  conversionErrorMessage,
  convertToMp3,
  readDuration,
} from '@/features/cloning/lib/audio-conversion';
import {
  createVoiceFailure,
  createVoiceProblem,
  DELETE_FAILED_MESSAGE,
  LOAD_VOICES_FAILED_MESSAGE,
  MAX_SAMPLE_TEXT,
  NO_VOICE_ID_MESSAGE,
  voicesRequestFailure,
} from '@/features/cloning/lib/create-voice-checks';
import { generateProblem, MAX_CLONE_TEXT } from '@/features/cloning/lib/generate-checks';
import { CLONE_LANGUAGES, type CloneLanguage, greetingFor, languageLabel } from '@/features/cloning/lib/languages';
import { baseName, extensionOf, validateUpload } from '@/features/cloning/lib/upload-validation';
import { CreditsExhaustedDialog } from '@/features/speech/components/credits-exhausted-dialog';
import { ResultPlayer } from '@/features/speech/components/result-player';
import { isVoiceProcessingError } from '@/features/speech/lib/task-errors';
import { formatCredits } from '@/lib/format';
import { DashboardShell } from './dashboard-shell';

const card = 'rounded-card border border-line bg-card p-5 shadow-sm sm:p-6';
const input =
  'mt-1 block w-full rounded-control border border-line bg-white px-3 py-2 text-sm text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30';
const SHORT_FILE_BYTES = 500_000;

/** /dashboard3: upload a sample, create a cloned voice, and speak any text with it. */
export default function CloneStudioPage() {
  const ids = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const voices = useQuery(clonedVoicesQuery);
  const { state: generation, generate } = useCloneGeneration();

  const [file, setFile] = useState<File | null>(null);
  const [validating, setValidating] = useState(false);
  const [conversion, setConversion] = useState<{ fileName: string; progress: ConversionProgress } | null>(null);
  const conversionControl = useRef<AbortController | null>(null);
  const [voiceName, setVoiceName] = useState('');
  const [noiseReduction, setNoiseReduction] = useState(true);
  const [language, setLanguage] = useState<CloneLanguage>('english');
  const [sampleText, setSampleText] = useState(greetingFor('english'));
  const [creating, setCreating] = useState(false);
  const [voiceCreated, setVoiceCreated] = useState(false);
  const [createdNotice, setCreatedNotice] = useState<{ name: string; short: boolean; approximate: boolean } | null>(
    null,
  );
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(null);
  const [useNotice, setUseNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [lastAttemptAt, setLastAttemptAt] = useState<number | null>(null);
  const [voicesOpen, setVoicesOpen] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [creditsOpen, setCreditsOpen] = useState(false);

  const savedVoices = voices.data ?? [];
  const credits = me.data ? accountFigures(me.data).credits : null;
  const generating = generation.phase === 'generating';

  // Notices disappear by themselves: the created card after 6 s, the 'selected' line after 3 s.
  useEffect(() => {
    if (!createdNotice) return;
    const timer = setTimeout(() => setCreatedNotice(null), 6_000);
    return () => clearTimeout(timer);
  }, [createdNotice]);
  useEffect(() => {
    if (!useNotice) return;
    const timer = setTimeout(() => setUseNotice(null), 3_000);
    return () => clearTimeout(timer);
  }, [useNotice]);
  useEffect(() => {
    if (voices.isError) setError(voicesRequestFailure(voices.error, LOAD_VOICES_FAILED_MESSAGE));
  }, [voices.isError, voices.error]);

  const clearFile = () => {
    setFile(null);
    setVoiceCreated(false);
    setError(null);
    setConversion(null);
  };

  async function chooseFile(chosen: File) {
    clearFile();
    setValidating(true);
    const problem = await validateUpload(chosen, readDuration);
    setValidating(false);
    if (problem) {
      setError(problem);
      return;
    }
    if (!voiceName.trim()) setVoiceName(baseName(chosen.name));
    if (extensionOf(chosen.name) === 'mp3' || chosen.type === 'audio/mpeg') {
      setFile(chosen);
      return;
    }
    const controller = new AbortController();
    conversionControl.current = controller;
    setConversion({ fileName: chosen.name, progress: { stage: 'reading', percent: 0 } });
    try {
      const mp3 = await convertToMp3(
        chosen,
        (progress) => setConversion({ fileName: chosen.name, progress }),
        controller.signal,
      );
      // The modal shows 'complete' for half a second before it closes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (controller.signal.aborted) return;
      setConversion(null);
      setFile(mp3);
    } catch (conversionError) {
      setConversion(null);
      setFile(null);
      setError(conversionErrorMessage(conversionError));
    }
  }

  async function createVoice() {
    setError(null);
    const problem = createVoiceProblem({
      alreadyCreated: voiceCreated,
      savedVoices: savedVoices.length,
      file,
      voiceName,
      sampleText,
    });
    if (problem === 'limit') {
      setLimitOpen(true);
      return;
    }
    if (problem) {
      setError(problem);
      return;
    }
    setCreating(true);
    try {
      const created = await cloneVoice(file, voiceName, {
        languageTag: languageLabel(language === 'chinese' ? 'chinese' : language).replace('Mandarin', 'Chinese'),
        noiseReduction,
        previewText: sampleText,
      });
      if (!created.voiceId) throw new Error(NO_VOICE_ID_MESSAGE);
      setVoiceCreated(true);
      setSelected({ id: created.voiceId, name: created.voiceName });
      setCreatedNotice({
        name: created.voiceName,
        short: (file?.size ?? 0) < SHORT_FILE_BYTES,
        approximate: created.approximate,
      });
      await queryClient.invalidateQueries({ queryKey: clonedVoicesQuery.queryKey });
    } catch (createError) {
      const failure = createVoiceFailure(createError);
      if (failure === 'limit') setLimitOpen(true);
      else setError(failure);
    } finally {
      setCreating(false);
    }
  }

  function startGeneration() {
    setError(null);
    const now = Date.now();
    const problem = generateProblem({ now, lastAttemptAt, voiceId: selected?.id ?? null, text });
    if (problem) {
      setError(problem);
      return;
    }
    setLastAttemptAt(now);
    if (credits !== null && credits < Math.max(1, text.trim().length)) {
      setCreditsOpen(true);
      return;
    }
    void generate({ text, voiceId: selected?.id ?? '', speed: 1, volume: 1, pitch: 0 });
  }

  async function removeVoice(voice: ClonedVoice) {
    try {
      await deleteClonedVoice(voice.voiceId);
      if (selected?.id === voice.voiceId) setSelected(null);
      await queryClient.invalidateQueries({ queryKey: clonedVoicesQuery.queryKey });
    } catch (deleteError) {
      setError(voicesRequestFailure(deleteError, DELETE_FAILED_MESSAGE));
    }
  }

  const generationError = generation.phase === 'error' ? generation.message : null;
  const shownError = error ?? generationError;

  return (
    <DashboardShell
      title="Sayso"
      subtitle="Clone a voice from a short sample, then speak any text with it."
      backTo="/dashboard"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Text and result" className="space-y-6 lg:order-1">
          {shownError && (
            <div
              role="alert"
              className="rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
            >
              <p>{shownError}</p>
              {isVoiceProcessingError(shownError) && (
                <ul className="mt-2 list-disc pl-5">
                  <li>Delete this voice.</li>
                  <li>Upload a new, clear recording of 10-30 seconds.</li>
                  <li>Create the voice again.</li>
                  <li>Make sure the recording has one speaker and no background music.</li>
                </ul>
              )}
            </div>
          )}
          <div className={card}>
            <label htmlFor={`${ids}-text`} className="text-sm font-semibold text-ink">
              Text to speak
            </label>
            <textarea
              id={`${ids}-text`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Type what your cloned voice should say."
              rows={10}
              className="mt-2 block w-full resize-y rounded-control border border-line bg-white p-4 text-base leading-relaxed text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            />
            <p
              data-testid="clone-character-count"
              className={`mt-2 text-sm ${text.length > MAX_CLONE_TEXT ? 'text-danger' : 'text-muted'}`}
            >
              {text.length} / {MAX_CLONE_TEXT} characters
            </p>
            <button
              type="button"
              disabled={generating || !text.trim() || !selected || creating || text.length > MAX_CLONE_TEXT}
              onClick={startGeneration}
              className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-control bg-accent px-5 py-3 text-base font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
            >
              <AudioLines aria-hidden className="h-5 w-5" />
              {generating ? 'Generating...' : 'Generate Voice'}
            </button>
            {selected ? (
              <p className="mt-3 text-sm text-muted">
                Speaking with <span className="font-semibold text-ink">{selected.name}</span>
              </p>
            ) : (
              <p className="mt-3 text-sm text-muted">Create a voice or pick one of your saved voices to begin.</p>
            )}
            {useNotice && <p className="mt-2 text-sm text-emerald-700">{useNotice}</p>}
          </div>

          {(generation.phase === 'generating' || generation.phase === 'done') && (
            <div className={card} aria-live="polite">
              <h2 className="text-lg font-semibold text-ink">Result</h2>
              {generation.phase === 'generating' ? (
                <div className="mt-4">
                  <p className="text-sm text-muted">
                    {generation.status ? `Status: ${generation.status}` : 'Generating...'}
                  </p>
                  <div
                    role="progressbar"
                    aria-label="Generation progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={generation.percent ?? undefined}
                    className="mt-2 h-2 overflow-hidden rounded-full bg-accent-soft"
                  >
                    <div
                      className={`h-full rounded-full bg-accent transition-all ${generation.percent === null ? 'w-1/3 animate-pulse' : ''}`}
                      style={generation.percent === null ? undefined : { width: `${Math.max(4, generation.percent)}%` }}
                    />
                  </div>
                </div>
              ) : (
                <div className="mt-4 space-y-4">
                  {generation.justFinished && <p className="text-sm text-emerald-700">Voice generation completed!</p>}
                  <ResultPlayer audioUrl={generation.audioUrl} />
                  {generation.transcriptUrl && (
                    <details className="rounded-control border border-line p-3">
                      <summary className="cursor-pointer text-sm font-semibold text-ink">Transcript</summary>
                      <div className="mt-3">
                        <TranscriptView url={generation.transcriptUrl} />
                      </div>
                    </details>
                  )}
                </div>
              )}
            </div>
          )}
        </section>

        <aside aria-label="Your voice" className="space-y-6 lg:order-2">
          <div className={card}>
            <p className="flex items-center gap-2 text-sm text-muted">
              <Coins aria-hidden className="h-4 w-4" /> Credits
            </p>
            <p className="mt-1 text-2xl font-bold text-ink" data-testid="clone-sidebar-credits">
              {credits === null ? '…' : formatCredits(credits)}
            </p>
            <Link
              to="/pricing"
              className="mt-3 block rounded-control bg-accent-soft px-4 py-2 text-center text-sm font-semibold text-accent hover:bg-accent hover:text-white"
            >
              Buy Credits
            </Link>
            <button
              type="button"
              onClick={() => setVoicesOpen(true)}
              className="mt-3 flex w-full items-center justify-center gap-2 rounded-control border border-line px-4 py-2 text-sm font-semibold text-ink hover:border-accent"
            >
              <Library aria-hidden className="h-4 w-4" /> Cloned Voices
            </button>
          </div>

          <div className={card}>
            <h2 className="text-lg font-semibold text-ink">Create a voice</h2>
            <div className="mt-4 space-y-4">
              {file ? (
                <LoadedFile file={file} onRemove={clearFile} />
              ) : (
                <UploadZone onFile={(chosen) => void chooseFile(chosen)} busy={validating} />
              )}
              <div>
                <label htmlFor={`${ids}-name`} className="text-sm font-medium text-ink">
                  Voice name
                </label>
                <input
                  id={`${ids}-name`}
                  value={voiceName}
                  onChange={(event) => setVoiceName(event.target.value)}
                  className={input}
                />
              </div>
              <label className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
                Noise Reduction
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={noiseReduction}
                  checked={noiseReduction}
                  onChange={(event) => setNoiseReduction(event.target.checked)}
                  className="h-5 w-5 accent-accent"
                />
              </label>
              <div>
                <label htmlFor={`${ids}-language`} className="text-sm font-medium text-ink">
                  Language
                </label>
                <select
                  id={`${ids}-language`}
                  value={language}
                  onChange={(event) => {
                    const next = event.target.value as CloneLanguage;
                    setLanguage(next);
                    setSampleText(greetingFor(next));
                  }}
                  className={input}
                >
                  {CLONE_LANGUAGES.map((option) => (
                    <option key={option} value={option}>
                      {languageLabel(option)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-sample`} className="text-sm font-medium text-ink">
                  Sample text
                </label>
                <textarea
                  id={`${ids}-sample`}
                  value={sampleText}
                  maxLength={MAX_SAMPLE_TEXT}
                  onChange={(event) => setSampleText(event.target.value)}
                  rows={3}
                  className={input}
                />
                <p className="mt-1 text-right text-xs text-muted">
                  {sampleText.length} / {MAX_SAMPLE_TEXT}
                </p>
              </div>
              <button
                type="button"
                disabled={creating || voiceCreated}
                onClick={() => void createVoice()}
                className="inline-flex w-full items-center justify-center gap-2 rounded-control bg-accent px-5 py-3 text-sm font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Wand2 aria-hidden className="h-4 w-4" />
                {creating ? 'Creating Voice...' : voiceCreated ? 'Voice Created' : 'Create Voice'}
              </button>
              {createdNotice && (
                <div
                  role="status"
                  className="rounded-control border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
                >
                  <p className="font-semibold">Voice Created Successfully</p>
                  <p>"{createdNotice.name}" is selected and ready to speak.</p>
                  {createdNotice.approximate && (
                    <p className="mt-1 text-xs">
                      On this server, clones are approximate: the voice is fitted to your sample's measured pitch, pitch
                      range, voice depth and speaking rate.
                    </p>
                  )}
                  {createdNotice.short && (
                    <p className="mt-1 text-xs">Your file is short; a longer, clearer sample gives a closer voice.</p>
                  )}
                </div>
              )}
            </div>
          </div>
        </aside>
      </div>

      {conversion && (
        <ConversionModal
          fileName={conversion.fileName}
          progress={conversion.progress}
          onCancel={() => conversionControl.current?.abort()}
        />
      )}
      <ClonedVoicesModal
        open={voicesOpen}
        onOpenChange={setVoicesOpen}
        voices={savedVoices}
        loading={voices.isLoading}
        selectedId={selected?.id ?? null}
        onUse={(voice) => {
          setSelected({ id: voice.voiceId, name: voice.voiceName });
          setVoicesOpen(false);
          setUseNotice(`Voice "${voice.voiceName}" selected! You can now generate TTS with this voice.`);
        }}
        onDelete={removeVoice}
      />
      <VoiceLimitDialog
        open={limitOpen}
        onOpenChange={setLimitOpen}
        onManage={() => {
          setLimitOpen(false);
          setVoicesOpen(true);
        }}
      />
      <CreditsExhaustedDialog open={creditsOpen} onOpenChange={setCreditsOpen} onUpgrade={() => navigate('/pricing')} />
    </DashboardShell>
  );
}
