import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';

type Source = { kind: 'loading' } | { kind: 'ready'; src: string; fromBlob: boolean };

/**
 * Plays a generated clip. The audio is fetched without credentials into a local blob (so Download
 * saves it under the spec's file name); if that fetch fails the player falls back to the link.
 */
export function ResultPlayer({ audioUrl }: { audioUrl: string }) {
  const [source, setSource] = useState<Source>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setSource({ kind: 'loading' });
    setError(null);
    fetch(audioUrl, { credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSource({ kind: 'ready', src: objectUrl, fromBlob: true });
      })
      .catch(() => {
        if (!cancelled) setSource({ kind: 'ready', src: audioUrl, fromBlob: false });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [audioUrl]);

  if (source.kind === 'loading') {
    return (
      <p role="status" className="text-sm text-muted">
        Loading audio...
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/useMediaCaption: generated speech has a transcript file rather than a caption track. */}
      <audio
        data-testid="result-audio"
        controls
        src={source.src}
        className="w-full"
        onError={() => setError('Unable to load audio. The file might not be accessible.')}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <a
        href={source.src}
        download="generated-audio.mp3"
        className="inline-flex items-center gap-2 rounded-control border border-line bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-accent hover:text-accent"
      >
        <Download aria-hidden className="h-4 w-4" />
        Download Audio
      </a>
    </div>
  );
}
