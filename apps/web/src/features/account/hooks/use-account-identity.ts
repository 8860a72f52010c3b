import { useMemo } from 'react';
import { useMe } from '@/lib/account/get-me';
import { readSessionUser } from '@/lib/account/session-user';

export interface AccountIdentity {
  /** The name to show: display name, else name, else the part of the email before the at-sign. */
  name: string;
  /** The first word of the display name or name; null when the account has neither. */
  firstName: string | null;
  email: string;
  photo: string | null;
}

interface IdentitySource {
  email: string;
  displayName?: string | null;
  name?: string | null;
  photo?: string | null;
}

export function identityOf(source: IdentitySource): AccountIdentity {
  const realName = source.displayName?.trim() || source.name?.trim() || null;
  return {
    name: realName ?? (source.email.split('@')[0] || source.email),
    firstName: realName?.split(/\s+/)[0] ?? null,
    email: source.email,
    photo: source.photo || null,
  };
}

/**
 * Who is signed in, from /api/me once it has loaded and from the `user` cookie until then (or when
 * it fails), so the name and the Logout item never wait on the network.
 */
export function useAccountIdentity(): AccountIdentity | null {
  const { data: me } = useMe();
  // Read once: a screen that is logging out must keep its face until the next page replaces it.
  const sessionUser = useMemo(() => readSessionUser(), []);
  const source = me ?? sessionUser;
  return source ? identityOf(source) : null;
}
