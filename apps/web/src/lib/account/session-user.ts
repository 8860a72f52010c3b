/** The spec's `user` cookie: what the UI knows about who is signed in. The server never trusts it. */
export interface SessionUser {
  uid: string;
  email: string;
  name?: string;
  displayName?: string;
  photo?: string | null;
}

export function readSessionUser(cookieHeader: string = document.cookie): SessionUser | null {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('user='));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw.slice('user='.length))) as Partial<SessionUser>;
    return typeof value.uid === 'string' && typeof value.email === 'string' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}
