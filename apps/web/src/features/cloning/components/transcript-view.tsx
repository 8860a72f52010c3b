import { useEffect, useState } from 'react';

interface Cue {
  start: string;
  text: string;
}

/** Reads SubRip text into cues: their start time (without milliseconds) and their words. */
export function parseSrt(srt: string): Cue[] {
  return srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/))
    .filter((lines) => lines.length >= 3)
    .map((lines) => ({ start: (lines[1] ?? '').slice(0, 8), text: lines.slice(2).join(' ') }));
}

/** The generated speech's transcript, loaded from its SRT file. */
export function TranscriptView({ url }: { url: string }) {
  const [cues, setCues] = useState<Cue[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setCues(null);
    setError(false);
    fetch(url, { credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const text = await response.text();
        if (!cancelled) setCues(parseSrt(text));
      })
      .catch(() => {
        if (!cancelled) setError(true);
      });
    return () => {
      cancelled = true;
    };
  }, [url]);
  if (error) return <p className="text-sm text-danger">Failed to load transcript.</p>;
  if (!cues) return <p className="text-sm text-muted">Loading transcript...</p>;
  return (
    <ol className="max-h-64 space-y-1 overflow-y-auto text-sm" aria-label="Transcript">
      {cues.map((cue) => (
        <li key={`${cue.start}-${cue.text}`} className="flex gap-3">
          <span className="shrink-0 font-mono text-xs text-muted">{cue.start}</span>
          <span className="text-ink">{cue.text}</span>
        </li>
      ))}
    </ol>
  );
}
