import type { Timeline } from '@sayso/contract/history';
import { useIsMutating } from '@tanstack/react-query';
import { Download, Info } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { ApiError } from '@/lib/api-client';
import { formatCredits, formatDateTime, formatDuration } from '@/lib/format';
import { regenerateKey, useTimeline } from '../api/timeline';
import { engineLabel, shortName, sourceLabel } from '../lib/history-labels';
import { HistoryError, HistorySkeleton } from './history-states';
import { SentenceRow } from './sentence-row';
import { ClonedBadge, StatusBadge } from './status-badge';
import { WaveformPlayer } from './waveform-player';

export const CACHE_NOTE =
  'Unchanged sentences come from the cache, so regenerating is faster, but every sentence is still charged.';

/** The timeline page's content: the generation's player, then its sentences to play and fix one by one. */
export function TimelineView({ id }: { id: string }) {
  const timeline = useTimeline(id);
  const regenerating = useIsMutating({ mutationKey: regenerateKey(id) }) > 0;

  if (timeline.isPending) return <HistorySkeleton rows={4} />;
  if (timeline.isError) {
    if (timeline.error instanceof ApiError && timeline.error.status === 404) return <TimelineMissing />;
    return (
      <HistoryError
        message={timeline.error.message}
        retrying={timeline.isFetching}
        onRetry={() => void timeline.refetch()}
      />
    );
  }
  return <TimelineContent timeline={timeline.data} regenerating={regenerating} />;
}

function TimelineContent({ timeline, regenerating }: { timeline: Timeline; regenerating: boolean }) {
  const { item, sentences, seeds } = timeline;
  // The joined audio changes with every new take: a new player reads it afresh.
  const version = sentences.map((sentence) => sentence.takes.find((take) => take.chosen)?.id ?? '').join('.');
  const name = shortName(item.excerpt);

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="generation-title"
        className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id="generation-title" className="min-w-0 text-lg font-semibold text-ink [overflow-wrap:anywhere]">
            {name}
          </h2>
          <StatusBadge status={item.status} />
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span className="font-medium text-ink">{item.voice_name}</span>
          {item.cloned ? <ClonedBadge /> : null}
          <span aria-hidden>·</span>
          <span>{engineLabel(item)}</span>
          <span aria-hidden>·</span>
          <span>
            {formatCredits(item.characters)} characters · {formatCredits(item.credits_charged)} credits
          </span>
          {item.duration_ms !== null ? (
            <>
              <span aria-hidden>·</span>
              <span data-testid="timeline-duration">{formatDuration(item.duration_ms)}</span>
            </>
          ) : null}
          <span aria-hidden>·</span>
          <span>{sourceLabel(item)}</span>
          <span aria-hidden>·</span>
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
        </p>
        {item.audio_url ? (
          <div className="mt-4">
            <WaveformPlayer
              key={version}
              src={item.audio_url}
              label="the whole generation"
              durationMs={item.duration_ms}
              testId="timeline-audio"
            />
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {[
            ['MP3', item.mp3_url],
            ['SRT', item.srt_url],
            ['VTT', item.vtt_url],
          ].map(([format, href]) =>
            href ? (
              <a
                key={format}
                href={href}
                download
                aria-label={`Download ${format}`}
                className="inline-flex items-center gap-1.5 rounded-control border border-line bg-card px-3 py-1.5 text-sm font-semibold text-ink transition-colors hover:border-accent hover:text-accent"
              >
                <Download aria-hidden className="h-4 w-4" />
                {format}
              </a>
            ) : null,
          )}
        </div>
      </section>

      <p className="flex items-start gap-2 rounded-control border border-accent/20 bg-accent-soft px-4 py-3 text-sm text-accent-strong">
        <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          Regenerate any sentence with the same voice and settings, and it replaces the old one in the MP3 and
          subtitles. Each regeneration costs that sentence's characters. {CACHE_NOTE}
        </span>
      </p>

      <section aria-labelledby="sentences-title">
        <h2 id="sentences-title" className="text-lg font-semibold text-ink">
          {sentences.length} {sentences.length === 1 ? 'sentence' : 'sentences'}
        </h2>
        <ol className="mt-3 space-y-3">
          {sentences.map((sentence) => (
            <SentenceRow
              key={sentence.position}
              generationId={item.id}
              sentence={sentence}
              seeds={seeds}
              locked={regenerating}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}

function TimelineMissing() {
  return (
    <div role="alert" className="rounded-card border border-dashed border-line bg-card px-6 py-12 text-center">
      <p className="font-semibold text-ink">Generation not found.</p>
      <p className="mt-1 text-sm text-muted">It may have been deleted, or it was not made sentence by sentence.</p>
      <Link to="/history" className={`${buttonStyles.soft} mt-5`}>
        Back to history
      </Link>
    </div>
  );
}
