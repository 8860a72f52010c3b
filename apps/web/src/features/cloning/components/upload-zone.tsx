import { UploadCloud } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { PICKER_ACCEPT } from '../lib/upload-validation';

/** Drag a file here or choose one; the parent validates and converts it. */
export function UploadZone({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <fieldset
      aria-label="Upload a voice sample"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={`mx-0 min-w-0 rounded-control border-2 border-dashed p-5 text-center transition ${dragging ? 'border-accent bg-accent-soft' : 'border-line bg-white'}`}
    >
      <UploadCloud aria-hidden className="mx-auto h-8 w-8 text-accent" />
      <p className="mt-2 text-sm text-ink">
        {busy ? 'Validating audio file...' : 'Drag and drop a voice sample here, or'}
      </p>
      <label
        htmlFor={inputId}
        className="mt-2 inline-block cursor-pointer rounded-control border border-line px-4 py-2 text-sm font-semibold text-accent hover:border-accent"
      >
        Choose a file
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={PICKER_ACCEPT}
        disabled={busy}
        data-testid="sample-input"
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <p className="mt-2 text-xs text-muted">Audio or video, 10 seconds to 5 minutes, up to 20 MB.</p>
    </fieldset>
  );
}
