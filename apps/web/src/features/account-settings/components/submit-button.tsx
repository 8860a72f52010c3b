import { LoaderCircle } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  look?: keyof typeof buttonStyles;
}

/** A form's submit button that says what it does, and shows that it is doing it. */
export function SubmitButton({ busy, label, busyLabel, disabled = false, look = 'primary' }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy || disabled} aria-busy={busy} className={buttonStyles[look]}>
      {busy ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
