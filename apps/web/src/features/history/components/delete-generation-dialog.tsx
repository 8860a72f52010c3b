import type { HistoryItem } from '@sayso/contract/history';
import { LoaderCircle } from 'lucide-react';
import { useRef } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useDeleteGeneration } from '../api/delete-generation';
import { shortName } from '../lib/history-labels';

const DELETE_FAILED_MESSAGE = 'Could not delete the generation. Please try again.';

interface DeleteGenerationDialogProps {
  item: HistoryItem;
  onClose: () => void;
  /** Where focus goes after a delete: the item's Delete button is gone by then. */
  focusAfterDelete: () => void;
}

/** Asks before deleting a generation's audio and subtitles; the credits spent stay spent. */
export function DeleteGenerationDialog({ item, onClose, focusAfterDelete }: DeleteGenerationDialogProps) {
  const remove = useDeleteGeneration();
  const deleted = useRef(false);
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        deleted.current = true;
        onClose();
      },
    });

  return (
    <ModalDialog
      open
      busy={remove.isPending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onCloseAutoFocus={(event) => {
        if (!deleted.current) return;
        event.preventDefault();
        focusAfterDelete();
      }}
      title="Delete this generation?"
      description={
        <>
          “<strong className="text-ink">{shortName(item.excerpt, 10)}</strong>” and its MP3, SRT and VTT files are
          removed for good. The credits it cost are not refunded.
        </>
      }
      actions={
        <>
          <button type="button" onClick={onClose} disabled={remove.isPending} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            className="inline-flex items-center justify-center gap-2 rounded-control bg-danger px-5 py-2.5 text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {remove.isPending ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {remove.isPending ? 'Deleting…' : 'Delete generation'}
          </button>
        </>
      }
    >
      {remove.isError ? (
        <div className="mt-4">
          <InlineMessage tone="error" messageKey={remove.error.message}>
            {remove.error.message || DELETE_FAILED_MESSAGE}
          </InlineMessage>
        </div>
      ) : null}
    </ModalDialog>
  );
}
