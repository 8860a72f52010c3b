import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { forgetSessionUser } from '@/lib/account/forget-session-user';

/** Leaves the signed-in area: forgets the session user, drops every cached answer and goes to the landing page. */
export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    forgetSessionUser();
    queryClient.clear();
    navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
