import { CircleAlert, X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { clearSignInError, useSignInError } from './sign-in-error';

/**
 * Why the last sign-in failed, in the page (spec section 8: the error's message, or 'Login
 * failed'), below the header where the Login button is; it stays until dismissed or the next try.
 */
export function SignInErrorNotice() {
  const message = useSignInError();
  if (!message) return null;
  // In the body, so the header's backdrop filter (a containing block for fixed boxes) does not place it.
  return createPortal(
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        role="alert"
        className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger shadow-lg"
      >
        <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <p className="min-w-0 flex-1 break-words">{message}</p>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={clearSignInError}
          className="-m-1 rounded-control p-1 hover:bg-danger/10"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>,
    document.body,
  );
}
