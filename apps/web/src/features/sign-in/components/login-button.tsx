import { useSignIn } from '@/lib/sign-in/use-sign-in';

interface LoginButtonProps {
  className: string;
  /** Runs as sign-in starts, after the popup has been opened (the mobile menu closes itself here). */
  onStart?: () => void;
}

/** The header's Login: signs in through the popup, then opens the dashboard. */
export function LoginButton({ className, onStart }: LoginButtonProps) {
  const { signIn, pending } = useSignIn();
  return (
    <button
      type="button"
      className={className}
      aria-busy={pending}
      onClick={() => {
        const started = signIn('/dashboard');
        onStart?.();
        void started;
      }}
    >
      Login
    </button>
  );
}
