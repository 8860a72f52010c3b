import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { buttonStyles } from './styles';

interface LeaveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before leaving the panel for the dashboard; the admin stays logged in for this browser session. */
export function LeaveDialog({ open, onOpenChange }: LeaveDialogProps) {
  const navigate = useNavigate();
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave Admin Panel"
      description="Are you sure you want to leave the admin panel and go to your dashboard? You stay logged in as staff until you log out or close the browser."
      actions={
        <>
          <Dialog.Close type="button" className={buttonStyles.secondary}>
            Cancel
          </Dialog.Close>
          <button type="button" className={buttonStyles.primary} onClick={() => navigate('/dashboard')}>
            Leave
          </button>
        </>
      }
    />
  );
}
