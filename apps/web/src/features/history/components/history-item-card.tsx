import type { HistoryItem } from '@sayso/contract/history';
import {
  CalendarClock,
  Coins,
  Cpu,
  Download,
  ListMusic,
  LoaderCircle,
  type LucideIcon,
  Mic,
  PenLine,
  Send,
  Timer,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { GenerationProgress } from '@/components/ui/generation-progress';
import { formatCredits, formatDateTime, formatDuration } from '@/lib/format';
import { engineLabel, shortName, sourceLabel } from '../lib/history-labels';
import { ClonedBadge, StatusBadge } from './status-badge';
import { WaveformPlayer } from './waveform-player';

const smallButton =
  'inline-flex items-center gap-1.5 rounded-control border border-line bg-card px-3 py-1.5 text-sm font-semibold text-ink transition-colors hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-60';

interface HistoryItemCardProps {
  item: HistoryItem;
  onUseInStudio: (item: HistoryItem) => void;
  /** The item whose text is being fetched for "Use in studio". */
  preparingStudio: boolean;
  onDelete: (item: HistoryItem) => void;
}

/** One generation: what was said, by which voice, what it cost, its state, and what can be done with it. */
export function HistoryItemCard({ item, onUseInStudio, preparingStudio, onDelete }: HistoryItemCardProps) {
  const titleId = useId();
  const name = shortName(item.excerpt);
  const unfinished = item.status === 'queued' || item.status === 'processing';

  return (
    <li
      aria-labelledby={titleId}
      data-testid="history-item"
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <p id={titleId} className="min-w-0 text-base leading-relaxed text-ink [overflow-wrap:anywhere]">
          {/* As sent: the server marks a shortened text with its own ellipsis. */}
          {item.excerpt}
        </p>
        <StatusBadge status={item.status} />
      </div>

      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted">
        <Fact term="Voice" icon={Mic}>
          <span className="font-medium text-ink">{item.voice_name}</span>
          {item.cloned ? <ClonedBadge /> : null}
        </Fact>
        <Fact term="Engine and model" icon={Cpu}>
          {engineLabel(item)}
        </Fact>
        <Fact term="Cost" icon={Coins}>
          {formatCredits(item.characters)} characters · {formatCredits(item.credits_charged)} credits
        </Fact>
        {item.duration_ms !== null ? (
          <Fact term="Length" icon={Timer}>
            {formatDuration(item.duration_ms)}
          </Fact>
        ) : null}
        <Fact term="Source" icon={Send}>
          {sourceLabel(item)}
        </Fact>
        <Fact term="Created" icon={CalendarClock}>
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
        </Fact>
      </dl>

      <div className="mt-4">
        {unfinished ? (
          <GenerationProgress
            label={item.status === 'queued' ? 'Queued…' : `Rendering… ${item.progress}%`}
            percent={item.status === 'queued' ? null : item.progress}
          />
        ) : null}
        {item.status === 'failed' ? (
          <p className="rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger">
            {item.error || 'The generation failed.'}
          </p>
        ) : null}
        {item.audio_expired ? (
          <p className="text-sm text-muted">The audio was removed by the retention setting; this record stays.</p>
        ) : null}
        {item.audio_url ? <WaveformPlayer src={item.audio_url} label={name} durationMs={item.duration_ms} /> : null}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <DownloadLink href={item.mp3_url} format="MP3" name={name} />
        <DownloadLink href={item.srt_url} format="SRT" name={name} />
        <DownloadLink href={item.vtt_url} format="VTT" name={name} />
        {item.has_timeline ? (
          <Link to={`/history/${item.id}`} className={smallButton} aria-label={`Open timeline of ${name}`}>
            <ListMusic aria-hidden className="h-4 w-4" />
            Open timeline
          </Link>
        ) : null}
        <button
          type="button"
          onClick={() => onUseInStudio(item)}
          disabled={preparingStudio}
          aria-busy={preparingStudio}
          aria-label={`Use in studio: ${name}`}
          className={smallButton}
        >
          {preparingStudio ? (
            <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
          ) : (
            <PenLine aria-hidden className="h-4 w-4" />
          )}
          Use in studio
        </button>
        <button
          type="button"
          onClick={() => onDelete(item)}
          disabled={unfinished}
          title={unfinished ? 'It can be deleted once it has finished.' : undefined}
          aria-label={`Delete ${name}`}
          className={`${smallButton} sm:ml-auto hover:border-danger hover:text-danger`}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
          Delete
        </button>
      </div>
    </li>
  );
}

/** One fact about the item: an icon on screen, its name for screen readers. */
function Fact({ term, icon: Icon, children }: { term: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <dt className="shrink-0">
        <Icon aria-hidden className="h-4 w-4 text-muted/70" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="flex min-w-0 items-center gap-1.5">{children}</dd>
    </div>
  );
}

function DownloadLink({ href, format, name }: { href: string | null; format: string; name: string }) {
  if (!href) return null;
  return (
    <a href={href} download className={smallButton} aria-label={`Download ${format} of ${name}`}>
      <Download aria-hidden className="h-4 w-4" />
      {format}
    </a>
  );
}
