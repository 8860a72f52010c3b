import type { CreditPack, PurchaseResult } from '@sayso/contract/pricing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '@/app/layouts/top-bar';
import { PurchaseDialog } from '@/features/pricing/components/purchase-dialog';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const starter: CreditPack = { id: 'starter', credits: 1_000_000, price: 3_000, currency: 'PKR', features: [] };

const meBefore = {
  ...signedInUser,
  displayName: 'Ada Lovelace',
  lastLoginAt: '2025-01-01T00:00:00.000Z',
  credits: 10_000,
  totalCreditsUsed: 0,
  balance: 3_500,
  currency: 'PKR',
  balanceHistory: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUpdated: '2025-01-01T00:00:00.000Z',
};

const purchase: PurchaseResult = {
  purchaseId: 'p1',
  packId: 'starter',
  credits: 1_000_000,
  price: 3_000,
  currency: 'PKR',
  balance: 500,
  creditsAfter: 1_010_000,
};

beforeEach(() => setUserCookie());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('after a purchase', () => {
  it("shows the new figures in the dashboard's top bar at once, before the account is read again", async () => {
    let accountReads = 0;
    stubApi({
      // The first read (the confirmation's balance) answers; any later one never does, so only the
      // purchase's own answer can put the new figures on screen.
      'GET /api/me': () => {
        accountReads += 1;
        return accountReads === 1 ? json(meBefore) : new Promise<Response>(() => {});
      },
      'POST /api/purchases': () => json(purchase),
    });
    const { user } = renderDashboard(<PurchaseDialog pack={starter} user={signedInUser} onClose={() => {}} />, {
      route: '/buying',
      routes: { '/dashboard': <TopBar /> },
    });

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Purchase' });
    await within(confirm).findByText('3,500 PKR');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const success = await screen.findByRole('dialog', { name: 'Purchase Successful!' });
    await user.click(within(success).getByRole('button', { name: 'Continue to Dashboard' }));

    expect(screen.getByRole('button', { name: '1,010,000 credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Balance: 500 PKR' })).toBeInTheDocument();
  });
});
