import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { readSessionUser } from '@/lib/account/session-user';

/** Dashboards need a stored session user; without one the visitor goes back to the landing page. */
export function RequireSession({ children }: { children: ReactNode }) {
  if (!readSessionUser()) return <Navigate to="/" replace />;
  return children;
}
