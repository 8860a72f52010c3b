/** The operator account the e2e server creates on first start (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'staff', password: 'e2e-admin-password-long-enough' } as const;

/** Signs the operator in over HTTP, as the admin panel does, and returns its session cookie. */
export async function adminSession(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Adds money to a user's balance through the admin API, as staff do after a chat-app payment. */
export async function addBalanceAsStaff(baseUrl: string, email: string, amount: number): Promise<void> {
  const cookie = await adminSession(baseUrl);
  const list = await fetch(`${baseUrl}/api/admin/users?search=${encodeURIComponent(email)}`, { headers: { cookie } });
  const { users } = (await list.json()) as { users: { uid: string; email: string }[] };
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const response = await fetch(`${baseUrl}/api/admin/users/${user.uid}/balance/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ amount }),
  });
  if (!response.ok) throw new Error(`adding balance failed: ${response.status} ${await response.text()}`);
}
