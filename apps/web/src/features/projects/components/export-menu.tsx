import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ProjectDetail } from '@sayso/contract/projects';
import { ChevronDown, Download } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { type AudioExportFormat, audioExportUrl } from '../api/exports';
import { useDownload } from '../lib/use-download';
import { ProblemLine } from './problem-line';

const FORMATS: { format: AudioExportFormat; label: string; detail: string }[] = [
  { format: 'zip', label: 'ZIP of chapter MP3s', detail: 'one MP3 per chapter, with SRT and VTT subtitles' },
  { format: 'mp3', label: 'One MP3 with chapters', detail: 'chapter marks, title, author and cover' },
  { format: 'wav', label: 'WAV', detail: 'the whole book, uncompressed' },
  { format: 'flac', label: 'FLAC', detail: 'the whole book, lossless' },
];

const menuItem =
  'flex cursor-pointer flex-col items-start rounded-control px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-accent-soft';

/** The book's exports as downloads, mastered for ACX on request. */
export function ExportMenu({ project, complete }: { project: ProjectDetail; complete: boolean }) {
  const [mastered, setMastered] = useState(false);
  const { busy, error, download } = useDownload();
  const busyLabel = FORMATS.find((entry) => entry.format === busy)?.label;
  return (
    <section aria-labelledby="export-title" className={`${studioCardStyle} space-y-3`}>
      <h2 id="export-title" className="text-lg font-semibold text-ink">
        Export
      </h2>
      {!complete ? (
        <p className="text-sm text-muted">Render every paragraph to export the book.</p>
      ) : (
        <>
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={mastered}
              onChange={(event) => setMastered(event.target.checked)}
              className="mt-0.5 accent-accent"
            />
            <span>
              Master for ACX
              <span className="block text-muted">Loudness normalised and room tone added, so each chapter passes.</span>
            </span>
          </label>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={buttonStyles.primary} disabled={busy !== null}>
              <Download aria-hidden className="h-4 w-4" />
              {busy ? `Preparing ${busyLabel}…` : 'Download'}
              <ChevronDown aria-hidden className="h-4 w-4" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={4}
                className="z-50 w-72 max-w-[calc(100vw-2rem)] rounded-card border border-line bg-card p-1 shadow-lg"
              >
                {FORMATS.map((entry) => (
                  <DropdownMenu.Item
                    key={entry.format}
                    className={menuItem}
                    onSelect={() => void download(entry.format, audioExportUrl(project.id, entry.format, mastered))}
                  >
                    <span className="font-medium">{entry.label}</span>
                    <span className="text-xs text-muted">{entry.detail}</span>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          {busy ? (
            <p role="status" className="text-sm text-muted">
              Joining the chapters; a long book takes a while.
            </p>
          ) : null}
        </>
      )}
      <ProblemLine error={error} />
    </section>
  );
}
