import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Cue, cueClock, parseSrt, toWebVtt } from '@/lib/subtitles';

type Transcript =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; cues: Cue[]; srtUrl: string; vttUrl: string };

/** The player's transcript line when the SRT cannot be read (spec section 8, 'Player'). */
export const TRANSCRIPT_FAILED = 'Failed to load transcript.';

/**
 * Fetches the task's SRT (a signed link, read without credentials like the audio) and keeps both
 * downloads as local files: the link may be on another origin, where a download name is ignored,
 * and the WebVTT file is made from the same cues rather than asked of the server.
 */
function useTranscript(url: string): Transcript {
  const [transcript, setTranscript] = useState<Transcript>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const objectUrls: string[] = [];
    const keep = (text: string, type: string) => {
      const objectUrl = URL.createObjectURL(new Blob([text], { type }));
      objectUrls.push(objectUrl);
      return objectUrl;
    };
    setTranscript({ kind: 'loading' });
    fetch(url, { credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const srt = await response.text();
        if (cancelled) return;
        const cues = parseSrt(srt);
        setTranscript({
          kind: 'ready',
          cues,
          srtUrl: keep(srt, 'application/x-subrip'),
          vttUrl: keep(toWebVtt(cues), 'text/vtt'),
        });
      })
      .catch(() => {
        if (!cancelled) setTranscript({ kind: 'failed' });
      });
    return () => {
      cancelled = true;
      for (const objectUrl of objectUrls) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return transcript;
}

const downloadStyle =
  'inline-flex items-center gap-2 rounded-control border border-line bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:border-accent hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** The timed lines, in a list that scrolls on its own when the text is long. */
function CueList({ cues }: { cues: Cue[] }) {
  if (cues.length === 0) return <p className="text-sm text-muted">The transcript is empty.</p>;
  return (
    <ol className="max-h-64 space-y-1 overflow-y-auto text-sm" aria-label="Transcript">
      {cues.map((cue) => (
        <li key={`${cue.startMs}-${cue.text}`} className="flex gap-3">
          <span className="shrink-0 font-mono text-xs leading-5 text-muted">{cueClock(cue.startMs)}</span>
          <span className="text-ink">{cue.text}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A generated clip's transcript under its player, in both studios: the timed lines (folded away
 * until asked for) and the transcript as SubRip or WebVTT, named like the audio download.
 */
export function TranscriptPanel({ url }: { url: string }) {
  const transcript = useTranscript(url);
  return (
    <div className="rounded-control border border-line p-3">
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-ink">Transcript</summary>
        <div className="mt-3">
          {transcript.kind === 'ready' && <CueList cues={transcript.cues} />}
          {transcript.kind === 'loading' && <p className="text-sm text-muted">Loading transcript...</p>}
        </div>
      </details>
      {transcript.kind === 'failed' && <p className="mt-2 text-sm text-danger">{TRANSCRIPT_FAILED}</p>}
      {transcript.kind === 'ready' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={transcript.srtUrl} download="generated-audio.srt" className={downloadStyle}>
            <FileText aria-hidden className="h-4 w-4" />
            Download SRT
          </a>
          <a href={transcript.vttUrl} download="generated-audio.vtt" className={downloadStyle}>
            <FileText aria-hidden className="h-4 w-4" />
            Download VTT
          </a>
        </div>
      )}
    </div>
  );
}
