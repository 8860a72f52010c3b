import type { ApiKey } from '@sayso/contract/api-keys';
import { LoaderCircle } from 'lucide-react';
import { useRef } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { shownPrefix } from '../lib/key-display';

const REVOKE_FAILED_MESSAGE = 'Could not revoke the key. Please try again.';

interface RevokeKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
  /** Where focus goes after a revoke: the key's Revoke button is gone by then. */
  focusAfterRevoke: () => void;
}

/** Asks before revoking; the key stops working at once, and the dialog stays until the list shows it revoked. */
export function RevokeKeyDialog({ apiKey, onClose, focusAfterRevoke }: RevokeKeyDialogProps) {
  const revoke = useRevokeApiKey();
  const revoked = useRef(false);
  const confirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        revoked.current = true;
        onClose();
      },
    });

  return (
    <ModalDialog
      open
      busy={revoke.isPending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onCloseAutoFocus={(event) => {
        if (!revoked.current) return;
        event.preventDefault();
        focusAfterRevoke();
      }}
      title="Revoke this key?"
      description={
        <>
          <strong className="text-ink">{apiKey.name}</strong> (
          <code className="font-mono">{shownPrefix(apiKey.prefix)}</code>) stops working at once: every script or app
          that uses it gets an error. This cannot be undone.
        </>
      }
      actions={
        <>
          <button type="button" onClick={onClose} disabled={revoke.isPending} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={revoke.isPending}
            aria-busy={revoke.isPending}
            className="inline-flex items-center justify-center gap-2 rounded-control bg-danger px-5 py-2.5 text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {revoke.isPending ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {revoke.isPending ? 'Revoking…' : 'Revoke key'}
          </button>
        </>
      }
    >
      {revoke.isError ? (
        <div className="mt-4">
          <InlineMessage tone="error" messageKey={revoke.error.message}>
            {revoke.error.message || REVOKE_FAILED_MESSAGE}
          </InlineMessage>
        </div>
      ) : null}
    </ModalDialog>
  );
}
