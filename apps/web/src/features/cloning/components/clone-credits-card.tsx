import { Coins, Library } from 'lucide-react';
import { Link } from 'react-router';
import { studioCardStyle } from '@/components/ui/card-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { formatCredits } from '@/lib/format';
import { CloneStudioError } from './clone-studio-error';

interface CloneCreditsCardProps {
  credits: number | null;
  onOpenVoices: () => void;
  /** The passing line after a saved voice was picked: focus comes back to Cloned Voices, so it shows there. */
  selectedNotice: string | null;
  /** A saved voice could not be deleted. */
  problem: string | null;
}

/** The credits left, a way to buy more, and the button that opens the saved voices, with what became of them. */
export function CloneCreditsCard({ credits, onOpenVoices, selectedNotice, problem }: CloneCreditsCardProps) {
  return (
    <div className={studioCardStyle}>
      <p className="flex items-center gap-2 text-sm text-muted">
        <Coins aria-hidden className="h-4 w-4" /> Credits
      </p>
      <p className="mt-1 text-2xl font-bold text-ink" data-testid="clone-sidebar-credits">
        {credits === null ? '…' : formatCredits(credits)}
      </p>
      <Link
        to="/pricing"
        className="mt-3 block rounded-control bg-accent-soft px-4 py-2 text-center text-sm font-semibold text-accent hover:bg-accent hover:text-white"
      >
        Buy Credits
      </Link>
      <button
        type="button"
        onClick={onOpenVoices}
        className="mt-3 flex w-full items-center justify-center gap-2 rounded-control border border-line px-4 py-2 text-sm font-semibold text-ink hover:border-accent"
      >
        <Library aria-hidden className="h-4 w-4" /> Cloned Voices
      </button>
      {selectedNotice && (
        <div className="mt-3">
          <InlineMessage tone="success" messageKey={selectedNotice}>
            {selectedNotice}
          </InlineMessage>
        </div>
      )}
      {problem && (
        <div className="mt-3">
          <CloneStudioError message={problem} />
        </div>
      )}
    </div>
  );
}
