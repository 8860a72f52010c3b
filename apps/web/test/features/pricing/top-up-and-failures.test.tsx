import type { CreditPack } from '@sayso/contract/pricing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '@/app/layouts/top-bar';
import { ChatContactLink } from '@/features/pricing/components/chat-contact-link';
import { PurchaseDialog } from '@/features/pricing/components/purchase-dialog';
import {
  clearUserCookie,
  FakeEventSource,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const starter: CreditPack = { id: 'starter', credits: 1_000_000, price: 3_000, currency: 'PKR', features: [] };

const me = {
  ...signedInUser,
  displayName: 'Ada Lovelace',
  lastLoginAt: '2025-01-01T00:00:00.000Z',
  credits: 10_000,
  totalCreditsUsed: 0,
  balance: 100,
  currency: 'PKR',
  balanceHistory: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUpdated: '2025-01-01T00:00:00.000Z',
};

/** An installation whose operator has not set CHAT_NUMBER. */
const noChatNumber = () => json({ productName: 'Sayso', chatNumber: null, supportEmail: 'help@voice.example' });
const withChatNumber = () => json({ productName: 'Sayso', chatNumber: '923001234567', supportEmail: 'help@x.example' });

let nativeAlert: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setUserCookie();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  nativeAlert = vi.fn();
  vi.stubGlobal('alert', nativeAlert);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('top-up buttons without a chat number', () => {
  it('the balance menu says online payment is not set up and offers the support address, opening no chat', async () => {
    stubApi({ 'GET /api/me': () => json(me), 'GET /api/config': noChatNumber });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = renderDashboard(<TopBar />);
    await user.click(await screen.findByRole('button', { name: /^Balance/ }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByTestId('payment-not-set-up')).toHaveTextContent(
      'Online payment is not set up yet. To top up, email our team at help@voice.example',
    );
    const email = within(menu).getByRole('menuitem', { name: 'Email us to top up' });
    const href = email.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:help@voice.example?')).toBe(true);
    expect(decodeURIComponent(href)).toContain('My account email is ada@example.com');
    expect(within(menu).queryByRole('menuitem', { name: 'Top Up' })).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('the pricing page shows the same notice instead of a chat button', async () => {
    stubApi({ 'GET /api/config': noChatNumber });
    renderDashboard(<ChatContactLink user={signedInUser} />);
    const notice = await screen.findByTestId('payment-not-set-up');
    expect(within(notice).getByRole('link', { name: 'help@voice.example' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:help@voice\.example\?subject=/),
    );
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('with a chat number, the pricing page links to the chat with the request written in', async () => {
    stubApi({ 'GET /api/config': withChatNumber });
    renderDashboard(<ChatContactLink user={signedInUser} />);
    const chat = await screen.findByRole('link', { name: /Contact us on WhatsApp/ });
    await vi.waitFor(() => expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/923001234567\?text=/));
    expect(screen.queryByTestId('payment-not-set-up')).toBeNull();
  });

  it('the insufficient-balance popup offers the email instead of an empty chat', async () => {
    stubApi({
      'GET /api/me': () => json(me),
      'GET /api/config': noChatNumber,
      'POST /api/purchases': () => json({ error: 'Insufficient balance' }, 402),
    });
    const { user } = renderDashboard(<PurchaseDialog pack={starter} user={signedInUser} onClose={() => {}} />);
    // The balance (100 PKR) is known before Confirm, which stays disabled; Top up first leads on.
    await user.click(await screen.findByRole('button', { name: 'Top up first' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Balance' });
    expect(await within(dialog).findByTestId('payment-not-set-up')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Email us to top up' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:help@voice\.example\?/),
    );
  });
});

describe('a failed purchase', () => {
  it("says 'Purchase failed: ' and the message inside the dialog, never in a native alert, and can be retried", async () => {
    let attempts = 0;
    const keys: string[] = [];
    stubApi({
      // Enough for the pack, so Confirm can be pressed and the server's failure is what is shown.
      'GET /api/me': () => json({ ...me, balance: 5_000 }),
      'POST /api/purchases': (init) => {
        attempts += 1;
        keys.push(String((JSON.parse(String(init?.body)) as { idempotencyKey: string }).idempotencyKey));
        return attempts === 1 ? json({ error: 'The shop is closed for maintenance' }, 503) : new Promise(() => {});
      },
    });
    const { user } = renderDashboard(<PurchaseDialog pack={starter} user={signedInUser} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Purchase' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Purchase failed: The shop is closed for maintenance',
    );
    expect(nativeAlert).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(attempts).toBe(2));
    // The retry is the same purchase, so it can never buy twice.
    expect(keys[1]).toBe(keys[0]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
