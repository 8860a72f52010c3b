import { CLONE_LANGUAGE_TAGS, type CloneLanguage, cloneLanguageLabel } from '@sayso/contract/languages';
import { Wand2 } from 'lucide-react';
import { useId } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import type { CreatedNotice, VoiceDraft } from '../hooks/use-create-voice';
import { MAX_SAMPLE_TEXT, MAX_TRANSCRIPT } from '../lib/create-voice-checks';
import { CloneStudioError } from './clone-studio-error';
import { CreatedVoiceNotice } from './created-voice-notice';
import { LoadedFile } from './loaded-file';
import { UploadZone } from './upload-zone';

const input =
  'mt-1 block w-full rounded-control border border-line bg-white px-3 py-2 text-sm text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30';

interface CreateVoiceCardProps {
  file: File | null;
  /** The chosen file is being checked. */
  validating: boolean;
  onFile: (file: File) => void;
  onRemoveFile: () => void;
  draft: VoiceDraft;
  onDraftChange: (change: Partial<VoiceDraft>) => void;
  onLanguageChange: (language: CloneLanguage) => void;
  creating: boolean;
  /** A voice has been made from this file; another needs a new file. */
  created: boolean;
  onCreate: () => void;
  notice: CreatedNotice | null;
  /** Why the chosen file was refused, shown under the upload zone. */
  uploadProblem: string | null;
  /** Why Create Voice did not go through, shown under the button. */
  createProblem: string | null;
  /** Something here cleans a sample's noise (a provider or an installed denoiser); null while unknown. */
  noiseReductionAvailable: boolean | null;
}

/**
 * 'Create a voice': the sample and (optionally) what is said in it, the voice's name, noise
 * reduction, language and sample text, and Create Voice.
 */
export function CreateVoiceCard({
  file,
  validating,
  onFile,
  onRemoveFile,
  draft,
  onDraftChange,
  onLanguageChange,
  creating,
  created,
  onCreate,
  notice,
  uploadProblem,
  createProblem,
  noiseReductionAvailable,
}: CreateVoiceCardProps) {
  const ids = useId();
  return (
    <div className={studioCardStyle}>
      <h2 className="text-lg font-semibold text-ink">Create a voice</h2>
      <div className="mt-4 space-y-4">
        {file ? (
          <LoadedFile file={file} onRemove={onRemoveFile} locked={creating} />
        ) : (
          <UploadZone onFile={onFile} busy={validating} />
        )}
        {uploadProblem && <CloneStudioError message={uploadProblem} />}
        <div>
          <label htmlFor={`${ids}-transcript`} className="text-sm font-medium text-ink">
            What is said in the sample <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={`${ids}-transcript`}
            value={draft.transcript}
            maxLength={MAX_TRANSCRIPT}
            onChange={(event) => onDraftChange({ transcript: event.target.value })}
            rows={2}
            aria-describedby={`${ids}-transcript-hint`}
            className={input}
          />
          <p id={`${ids}-transcript-hint`} className="mt-1 text-xs text-muted">
            Type the sample’s words exactly: some voice models need them, and they make a closer voice.
          </p>
        </div>
        <div>
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-ink">
            Voice name
          </label>
          <input
            id={`${ids}-name`}
            value={draft.voiceName}
            onChange={(event) => onDraftChange({ voiceName: event.target.value })}
            className={input}
          />
        </div>
        <NoiseReductionSwitch
          on={draft.noiseReduction}
          onChange={(noiseReduction) => onDraftChange({ noiseReduction })}
          available={noiseReductionAvailable}
        />
        <div>
          <label htmlFor={`${ids}-language`} className="text-sm font-medium text-ink">
            Language
          </label>
          <select
            id={`${ids}-language`}
            value={draft.language}
            onChange={(event) => onLanguageChange(event.target.value as CloneLanguage)}
            className={input}
          >
            {CLONE_LANGUAGE_TAGS.map((option) => (
              <option key={option} value={option}>
                {cloneLanguageLabel(option)}
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
            value={draft.sampleText}
            maxLength={MAX_SAMPLE_TEXT}
            onChange={(event) => onDraftChange({ sampleText: event.target.value })}
            rows={3}
            className={input}
          />
          <p className="mt-1 text-right text-xs text-muted">
            {draft.sampleText.length} / {MAX_SAMPLE_TEXT}
          </p>
        </div>
        <button
          type="button"
          disabled={creating || created}
          onClick={onCreate}
          className="inline-flex w-full items-center justify-center gap-2 rounded-control bg-accent px-5 py-3 text-sm font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Wand2 aria-hidden className="h-4 w-4" />
          {creating ? 'Creating Voice...' : created ? 'Voice Created' : 'Create Voice'}
        </button>
        {createProblem && <CloneStudioError message={createProblem} />}
        {notice && <CreatedVoiceNotice notice={notice} />}
      </div>
    </div>
  );
}

/**
 * The spec's Noise Reduction toggle, saying what it does here. Where no provider or denoiser model
 * would clean the sample, it is off and disabled, and says so, rather than on by default for nothing.
 */
function NoiseReductionSwitch({
  on,
  onChange,
  available,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  available: boolean | null;
}) {
  const hintId = useId();
  const unavailable = available === false;
  const checked = on && !unavailable;
  return (
    <div>
      <label className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
        Noise Reduction
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={unavailable}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
          className="h-5 w-5 accent-accent disabled:cursor-not-allowed"
        />
      </label>
      <p id={hintId} data-testid="noise-reduction-hint" className="mt-1 text-xs text-muted">
        {unavailable
          ? 'Not available here: no denoiser is installed, so the sample is used as recorded. Record in a quiet room.'
          : 'Cleans hum and hiss from the sample before the voice is learned.'}
      </p>
    </div>
  );
}
