import { useSignIn } from '../hooks/use-sign-in';

/** The header's Login: signs in through the popup, then opens the dashboard. */
export function LoginButton({ className }: { className: string }) {
  const { signIn, pending } = useSignIn();
  return (
    <button type="button" className={className} onClick={() => void signIn('/dashboard')} aria-busy={pending}>
      Login
    </button>
  );
}
