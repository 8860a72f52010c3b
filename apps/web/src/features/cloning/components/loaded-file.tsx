import { FileAudio, Pause, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/**
 * The chosen sample: preview it, see its name and size, or remove it. While a voice is being made
 * from it the file is `locked`: it cannot be removed, so it cannot be swapped for another mid-way.
 */
export function LoadedFile({ file, onRemove, locked }: { file: File; onRemove: () => void; locked: boolean }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (playing) element.pause();
    else void element.play().catch(() => setPlaying(false));
  };

  return (
    <div className="flex items-center gap-3 rounded-control border border-line bg-white p-3">
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause preview' : 'Play preview'}
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-line text-accent hover:border-accent"
      >
        {playing ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
      </button>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 truncate text-sm font-medium text-ink">
          <FileAudio aria-hidden className="h-4 w-4 shrink-0 text-muted" />
          <span className="truncate" data-testid="loaded-file-name">
            {file.name}
          </span>
        </p>
        <p className="text-xs text-muted">{(file.size / 1024 / 1024).toFixed(2)} MB</p>
      </div>
      <button
        type="button"
        onClick={() => {
          audio.current?.pause();
          onRemove();
        }}
        aria-label="Remove file"
        disabled={locked}
        title={locked ? 'The voice is being created from this file' : undefined}
        className="rounded-control p-1.5 text-muted hover:bg-accent-soft hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
      {url && (
        // biome-ignore lint/a11y/useMediaCaption: a voice sample chosen by the user has no captions to offer.
        <audio
          ref={audio}
          src={url}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          className="hidden"
        />
      )}
    </div>
  );
}
