import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { meQuery } from '@/lib/account/get-me';
import { announceSessionUserChange, readSessionUser } from '@/lib/account/session-user';
import { openSignInPopup } from './open-sign-in-popup';
import { clearSignInError, reportSignInError } from './sign-in-error';

/**
 * Sign-in that ends somewhere: already signed in, go straight there; otherwise run the popup and
 * go there once it reports success. A closed popup is silent (spec section 8); any other failure
 * shows its message, or 'Login failed', in the page (SignInErrorNotice), never in a native alert.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signIn = useCallback(
    async (destination: string) => {
      if (readSessionUser()) {
        navigate(destination);
        return;
      }
      setPending(true);
      clearSignInError();
      try {
        const outcome = await openSignInPopup();
        if (outcome === 'closed') return;
        // GET /api/me also writes the `user` cookie that the route guards read.
        await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
        announceSessionUserChange();
        navigate(destination);
      } catch (error) {
        reportSignInError(error instanceof Error && error.message ? error.message : 'Login failed');
      } finally {
        setPending(false);
      }
    },
    [navigate, queryClient],
  );

  return { signIn, pending };
}
