import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, grace, json, renderAdminPanel, signedInAdmin, stubAdminApi, userPage } from './render-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedOut = () => json({ error: 'Admin authentication required' }, 401);

/** The toast (role=status) showing exactly this text. */
async function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen.getAllByRole('status').find((status) => status.textContent === text);
    if (!toast) throw new Error(`no toast saying "${text}"`);
    return toast;
  });
}

async function openPanel() {
  const view = renderAdminPanel();
  await screen.findByRole('heading', { name: 'Welcome, Sam Staff' });
  await screen.findByRole('cell', { name: ada.email });
  return view;
}

describe('admin login', () => {
  it('shows the login form when the browser has no admin session', async () => {
    stubAdminApi({ 'GET /api/admin/session': signedOut });
    renderAdminPanel();
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('asks for both fields before calling the server', async () => {
    const api = stubAdminApi({ 'GET /api/admin/session': signedOut });
    const { user } = renderAdminPanel();
    await user.type(await screen.findByLabelText('Username'), 'staff');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username and password are required');
    expect(api.callsTo('POST /api/admin/session')).toHaveLength(0);
  });

  it("shows the server's refusal of a wrong password", async () => {
    stubAdminApi({
      'GET /api/admin/session': signedOut,
      'POST /api/admin/session': () => json({ error: 'Invalid username or password' }, 401),
    });
    const { user } = renderAdminPanel();
    await user.type(await screen.findByLabelText('Username'), 'staff');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it('logs in, greets the admin by name and loads the users', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedOut,
      'POST /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada, grace]),
    });
    const { user } = renderAdminPanel();
    await user.type(await screen.findByLabelText('Username'), ' staff ');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Sam Staff' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/session')[0]?.body).toEqual({ username: 'staff', password: 'a long password' });
    // A load shows itself in the table and the count line; no toast on every load (issue 40).
    await screen.findByRole('cell', { name: ada.email });
    expect(screen.getByText('2 users in total')).toBeInTheDocument();
    expect(screen.queryByText(/^Successfully loaded/)).not.toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Username', 'Email', 'Credits', 'Balance', 'Actions']);
    expect(within(rows[2] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Grace Hopper');
    expect(within(rows[2] as HTMLElement).getByText('2,500')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('1,250.5 PKR')).toBeInTheDocument();
  });
});

describe('user list', () => {
  it('searches on the server once typing pauses, and sorts there too', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': ({ url }) =>
        userPage(url.searchParams.get('search') === 'grace' ? [grace] : [ada, grace]),
    });
    const { user } = await openPanel();
    expect(api.callsTo('GET /api/admin/users')[0]?.url.searchParams.get('sort')).toBe('alphabetical');

    await user.type(screen.getByLabelText('Search users'), 'grace');
    await waitFor(() => expect(screen.queryByRole('cell', { name: ada.email })).not.toBeInTheDocument());
    const searches = api.callsTo('GET /api/admin/users').map((call) => call.url.searchParams.get('search'));
    expect(searches).toEqual([null, 'grace']);

    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Alphabetically', 'Highest Credits', 'Lowest Credits', 'Highest Balance', 'Lowest Balance']);
    await user.selectOptions(sort, 'Highest Balance');
    await waitFor(() => expect(api.callsTo('GET /api/admin/users')).toHaveLength(3));
    const last = api.callsTo('GET /api/admin/users')[2]?.url.searchParams;
    expect(last?.get('sort')).toBe('balance_desc');
    expect(last?.get('search')).toBe('grace');
  });

  it('shows one card per user instead of the table on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubAdminApi({ 'GET /api/admin/session': signedInAdmin, 'GET /api/admin/users': () => userPage([ada, grace]) });
    renderAdminPanel();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Deduct Balance for Grace Hopper' })).toBeInTheDocument();
    expect(within(list).getByText('1,250.5 PKR')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the database is empty when there are no users at all', async () => {
    stubAdminApi({ 'GET /api/admin/session': signedInAdmin, 'GET /api/admin/users': () => userPage([]) });
    renderAdminPanel();
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeInTheDocument();
    expect(screen.queryByText('No users found in database')).not.toBeInTheDocument();
  });

  it('announces a failed load with the server message', async () => {
    stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => json({ error: 'Internal server error' }, 500),
    });
    renderAdminPanel();
    await findToast('Error loading users: Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('pages through the server results when there are more than fit one page', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': ({ url }) => userPage([ada], 120, Number(url.searchParams.get('page'))),
    });
    const { user } = await openPanel();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users').at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('reloads on Refresh', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada]),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/users')).toHaveLength(2));
  });
});

describe('balance changes', () => {
  it('adds balance with its payment reference after a confirmation showing the current, added and new balance', async () => {
    let balance = ada.balance;
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([{ ...ada, balance }]),
      'POST /api/admin/users/u-ada/balance/add': ({ body }) => {
        const previousBalance = balance;
        balance += (body as { amount: number }).amount;
        return json({ uid: ada.uid, previousBalance, balance, currency: 'PKR' });
      },
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Add Balance for Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // Both fields are told what is missing: the amount, and the reference of the payment.
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Please enter a valid amount', 'Please enter the payment reference']);
    await user.type(within(dialog).getByLabelText('Payment reference'), '  JazzCash TX 88412 ');
    await user.type(within(dialog).getByLabelText('Amount (PKR)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid amount');

    await user.clear(within(dialog).getByLabelText('Amount (PKR)'));
    await user.type(within(dialog).getByLabelText('Amount (PKR)'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Balance Addition' });
    expect(within(confirm).getByText('Current balance').nextSibling).toHaveTextContent('100 PKR');
    expect(within(confirm).getByText('Amount to add').nextSibling).toHaveTextContent('+500 PKR');
    expect(within(confirm).getByText('New balance').nextSibling).toHaveTextContent('600 PKR');
    expect(within(confirm).getByText('Payment reference').nextSibling).toHaveTextContent('JazzCash TX 88412');

    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await findToast("Successfully added 500 PKR to Ada Lovelace's account");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u-ada/balance/add')[0]?.body).toEqual({
      amount: 500,
      reference: 'JazzCash TX 88412',
    });
    expect(await screen.findByText('600 PKR')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users')).toHaveLength(2);
  });

  it('goes back from the confirmation to the amount, keeping what was typed', async () => {
    stubAdminApi({ 'GET /api/admin/session': signedInAdmin, 'GET /api/admin/users': () => userPage([ada]) });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Add Balance for Ada Lovelace' }));
    await user.type(await screen.findByLabelText('Amount (PKR)'), '12.5');
    await user.type(screen.getByLabelText('Payment reference'), 'TX-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Amount (PKR)')).toHaveValue(12.5);
    expect(screen.getByLabelText('Payment reference')).toHaveValue('TX-1');
  });

  it('shows the maximum of a deduction and refuses more than the balance', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada]),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Deduct Balance for Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deduct Balance' });
    const amount = within(dialog).getByLabelText('Amount (PKR)');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('max', '100');
    expect(within(dialog).getByText(/Maximum: 100 PKR/)).toBeInTheDocument();

    await user.type(amount, '100.01');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Cannot deduct more than current balance');
    expect(api.callsTo('POST /api/admin/users/u-ada/balance/deduct')).toHaveLength(0);
  });

  it("announces the server's refusal of a deduction and reloads the list", async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada]),
      'POST /api/admin/users/u-ada/balance/deduct': () => json({ error: 'Insufficient balance' }, 402),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Deduct Balance for Ada Lovelace' }));
    await user.type(await screen.findByLabelText('Amount (PKR)'), '40');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Balance Deduction' });
    expect(within(confirm).getByText('New balance').nextSibling).toHaveTextContent('60 PKR');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await findToast('Error deducting balance: Insufficient balance');
    await waitFor(() => expect(api.callsTo('GET /api/admin/users')).toHaveLength(2));
  });
});

describe('leaving and logging out', () => {
  it('asks before leaving, and Leave goes to the dashboard', async () => {
    stubAdminApi({ 'GET /api/admin/session': signedInAdmin, 'GET /api/admin/users': () => userPage([ada]) });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Admin Panel' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('ends the session and shows the login form on Logout', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada]),
      'DELETE /api/admin/session': () => new Response(null, { status: 204 }),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/session')).toHaveLength(1);
  });

  it('returns to the login form when the admin session has ended', async () => {
    stubAdminApi({ 'GET /api/admin/session': signedInAdmin, 'GET /api/admin/users': signedOut });
    renderAdminPanel();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('gives default credits after a confirmation and says how many users got them', async () => {
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada]),
      'POST /api/admin/default-credits': () => json({ granted: 3 }),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Give default credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give default credits' });
    expect(api.callsTo('POST /api/admin/default-credits')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Give credits' }));
    await findToast('Gave 10,000 credits to 3 user(s)');
    expect(api.callsTo('POST /api/admin/default-credits')).toHaveLength(1);
  });
});
