import { ModalDialog } from '@/components/ui/modal-dialog';

/** The spec's Voice Limit popup, with a way to manage the saved voices. */
export function VoiceLimitDialog({
  open,
  onOpenChange,
  onManage,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onManage: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Voice Limit Reached"
      description="You have reached the maximum limit of 5 cloned voices"
      actions={
        <>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="rounded-control border border-line bg-white px-5 py-2.5 text-sm font-semibold text-ink hover:border-accent"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onManage}
            className="rounded-control bg-accent px-5 py-2.5 text-sm font-semibold text-white hover:bg-accent-strong"
          >
            Manage My Voices
          </button>
        </>
      }
    >
      <p className="mt-3 text-sm text-ink">Please delete an existing voice first to create a new one.</p>
    </ModalDialog>
  );
}
