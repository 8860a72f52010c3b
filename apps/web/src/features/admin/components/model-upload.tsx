import type { InstalledModel } from '@sayso/contract/models';
import { CircleAlert, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type UploadProgress, uploadModel } from '../api/admin-models';
import { formatBytes } from '../lib/bytes';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle, fieldStyles } from './styles';

const ACCEPT = '.tar.bz2,.tbz2,.tar.gz,.tgz,.onnx';

interface ModelUploadProps {
  limitBytes: number;
  onInstalled: (model: InstalledModel) => void;
}

/** Installs a model from an archive on the admin's computer, showing the upload's progress and any refusal. */
export function ModelUpload({ limitBytes, onInstalled }: ModelUploadProps) {
  const inputId = useId();
  const vocoderId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const vocoderInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [vocoder, setVocoder] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a model archive first.');
      return;
    }
    if (file.size > limitBytes) {
      setError(
        `This archive is ${formatBytes(file.size)}; the upload limit is ${Math.round(limitBytes / 1024 / 1024)} MB.`,
      );
      return;
    }
    setError(null);
    setProgress({ sentBytes: 0, totalBytes: file.size + (vocoder?.size ?? 0) });
    try {
      const installed = await uploadModel(file, setProgress, undefined, vocoder);
      setFile(null);
      setVocoder(null);
      if (input.current) input.current.value = '';
      if (vocoderInput.current) vocoderInput.current.value = '';
      onInstalled(installed);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };

  const percent = progress ? Math.floor((progress.sentBytes / Math.max(1, progress.totalBytes)) * 100) : 0;
  const uploaded = progress !== null && progress.sentBytes >= progress.totalBytes;

  return (
    <section aria-labelledby={`${inputId}-title`} className={`p-4 sm:p-6 ${cardStyle}`}>
      <h2 id={`${inputId}-title`} className="text-lg font-semibold">
        Install from a file
      </h2>
      <p className="mt-1 text-sm text-muted">
        A sherpa-onnx model archive (.tar.bz2 or .tar.gz) or a single .onnx file. It is checked, unpacked and installed
        on this server; nothing is installed if any step fails.
      </p>
      <form className="mt-4" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className={fieldStyles.label}>
          Model archive
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-stretch">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className={`${fieldStyles.inlineInput} min-w-0 flex-1 file:mr-3 file:rounded-control file:border-0 file:bg-accent-soft file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-accent-strong`}
          />
          <button type="submit" className={buttonStyles.primary} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : <Upload aria-hidden className="h-4 w-4" />}
            {busy ? (uploaded ? 'Installing…' : 'Uploading…') : 'Upload and install'}
          </button>
        </div>
        <label htmlFor={vocoderId} className={`${fieldStyles.label} mt-4`}>
          Vocoder (optional)
        </label>
        <input
          ref={vocoderInput}
          id={vocoderId}
          type="file"
          accept=".onnx"
          disabled={busy}
          aria-describedby={`${vocoderId}-hint`}
          onChange={(event) => setVocoder(event.target.files?.[0] ?? null)}
          className={`${fieldStyles.inlineInput} mt-1 min-w-0 file:mr-3 file:rounded-control file:border-0 file:bg-accent-soft file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-accent-strong`}
        />
        <p id={`${vocoderId}-hint`} className={fieldStyles.hint}>
          ZipVoice needs a vocoder that sherpa-onnx publishes separately (vocos_24khz.onnx). Give it here and nothing is
          downloaded; leave it out and the server downloads it.
        </p>
      </form>
      <p id={hintId} className={fieldStyles.hint}>
        Up to {Math.round(limitBytes / 1024 / 1024).toLocaleString('en-US')} MB (MODEL_UPLOAD_LIMIT_MB).
      </p>
      {progress ? (
        <div className="mt-2">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={uploaded ? 'Uploaded; installing' : `${percent}%`}
            className="h-2 overflow-hidden rounded-full bg-accent-soft"
          >
            <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-muted tabular-nums" aria-live="polite">
            {uploaded
              ? 'Uploaded. Checking and unpacking…'
              : `${formatBytes(progress.sentBytes)} of ${formatBytes(progress.totalBytes)} (${percent}%)`}
          </p>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={`${fieldStyles.error} flex items-start gap-2`}>
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </section>
  );
}
