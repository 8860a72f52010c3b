import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { type AcxChapter, useAcxReport } from '../api/exports';
import { acxFailureText, formatDb, formatSeconds } from '../lib/acx';
import { ProblemLine } from './problem-line';

function ChapterFigures({ chapter }: { chapter: AcxChapter }) {
  const figures: [string, string][] = [
    ['RMS', formatDb(chapter.rms_db)],
    ['Peak', formatDb(chapter.peak_db)],
    ['Noise floor', formatDb(chapter.noise_floor_db)],
    ['Head', formatSeconds(chapter.head_silence_ms)],
    ['Tail', formatSeconds(chapter.tail_silence_ms)],
  ];
  return (
    <li aria-label={chapter.title} className="rounded-control border border-line p-3">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-semibold text-ink">{chapter.title}</p>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
            chapter.passes ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'
          }`}
        >
          {chapter.passes ? 'Passes' : 'Fails'}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs sm:grid-cols-5">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt className="text-muted">{term}</dt>
            <dd className="font-medium text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {chapter.failures.length > 0 ? (
        <p className="mt-2 text-xs text-danger">{chapter.failures.map(acxFailureText).join(' ')}</p>
      ) : null}
    </li>
  );
}

/** Each chapter measured against ACX's requirements, as exported plain or mastered. */
export function AcxPanel({ projectId, complete }: { projectId: string; complete: boolean }) {
  const [asked, setAsked] = useState(false);
  const [mastered, setMastered] = useState(false);
  const report = useAcxReport(projectId, mastered, asked && complete);
  return (
    <section aria-labelledby="acx-title" className={`${studioCardStyle} space-y-3`}>
      <h2 id="acx-title" className="text-lg font-semibold text-ink">
        Audiobook check (ACX)
      </h2>
      <p className="text-sm text-muted">
        RMS −23 to −18 dB, peaks at most −3 dB, noise floor at most −60 dB, 0.5–1 s of room tone at the start and 1–5 s
        at the end.
      </p>
      {!complete ? (
        <p className="text-sm text-muted">Render every paragraph to measure the chapters.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={() => setAsked(true)} disabled={asked}>
            Measure chapters
          </button>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={mastered}
              onChange={(event) => setMastered(event.target.checked)}
              className="accent-accent"
            />
            As mastered for ACX
          </label>
        </div>
      )}
      {asked && complete && report.isFetching ? (
        <p role="status" className="text-sm text-muted">
          Measuring…
        </p>
      ) : null}
      <ProblemLine error={report.error} />
      {asked && report.data ? (
        <ul aria-label="ACX figures per chapter" className="space-y-2">
          {report.data.chapters.map((chapter) => (
            <ChapterFigures key={chapter.chapter_id} chapter={chapter} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
