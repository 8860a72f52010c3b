import type { CreditPack } from '@sayso/contract/pricing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BlogsPage from '@/app/routes/blogs-page';
import DocsPage from '@/app/routes/docs-page';
import FaqsPage from '@/app/routes/faqs-page';
import PricingPage from '@/app/routes/pricing-page';
import { PurchaseDialog } from '@/features/pricing/components/purchase-dialog';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../support/render-dashboard';

const FEATURES = [
  'Generate AI voices',
  'Clone custom voices',
  'High-quality audio output',
  'Multiple language support',
  'Credits never expire',
];

/** The six packs of the spec (section 9), as GET /api/credit-packs sends them. */
const PACKS: CreditPack[] = [
  ['starter', 1_000_000, 3_000],
  ['creator', 3_000_000, 5_500],
  ['studio', 5_000_000, 7_700],
  ['pro', 7_000_000, 12_000],
  ['business', 10_000_000, 15_000],
  ['enterprise', 20_000_000, 28_000],
].map(([id, credits, price]) => ({
  id: id as string,
  credits: credits as number,
  price: price as number,
  currency: 'PKR',
  features: [...FEATURES],
}));

const site = {
  productName: 'Sayso',
  chatNumber: null,
  supportEmail: 'help@example.com',
  naturalVoices: false,
  neuralCloning: false,
  cloudProviders: [],
};

beforeEach(() => setUserCookie());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('what /pricing and the pages around it say about packs', { timeout: 20_000 }, () => {
  it('never claims that every larger pack costs less per credit: Pro costs more per credit than Studio', () => {
    const perCredit = (id: string) => {
      const pack = PACKS.find((candidate) => candidate.id === id) as CreditPack;
      return pack.price / pack.credits;
    };
    expect(perCredit('pro')).toBeGreaterThan(perCredit('studio'));

    stubApi({ 'GET /api/config': () => json(site), 'GET /api/credit-packs': () => json({ packs: PACKS }) });
    const falseClaim = /larger packs (cost less|bring the price)/i;
    for (const page of [<DocsPage key="docs" />, <FaqsPage key="faqs" />, <BlogsPage key="blogs" />]) {
      const view = renderDashboard(page, { route: '/page' });
      expect(view.container.textContent ?? '').not.toMatch(falseClaim);
      cleanup();
    }
  });

  it('gives each pack card bullets of its own, not the same five on all six', async () => {
    stubApi({ 'GET /api/config': () => json(site), 'GET /api/credit-packs': () => json({ packs: PACKS }) });
    renderDashboard(<PricingPage />, { route: '/buying' });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    const bulletsOf = (card: HTMLElement) =>
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
        .join(' | ');
    const lists = cards.map(bulletsOf);
    expect(new Set(lists).size).toBe(6);
    // The pack's own reach is said in words: the Starter pack's million credits are about 16 hours of speech.
    expect(lists[0]).toMatch(/hours of speech/);
    // The features every pack shares are still listed, once for all.
    for (const feature of FEATURES) expect(screen.getAllByText(feature).length).toBeGreaterThanOrEqual(1);
  });

  it('knows the balance before Confirm: a pack above it cannot be confirmed and says why', async () => {
    const fetchMock = stubApi({
      'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada', credits: 10_000, balance: 1_000 }),
      'GET /api/config': () => json(site),
      'POST /api/purchases': () => json({ error: 'Insufficient balance' }, 402),
    });
    renderDashboard(<PurchaseDialog pack={PACKS[0] as CreditPack} user={signedInUser} onClose={() => {}} />, {
      route: '/buying',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Purchase' });
    await within(dialog).findByText('1,000 PKR');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(dialog).toHaveTextContent("Your account doesn't have enough balance to complete this purchase.");
    expect(dialog).toHaveTextContent('2,000 PKR short');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/purchases')).toBe(false);
  });

  it('lets a pack within the balance be confirmed', async () => {
    stubApi({
      'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada', credits: 10_000, balance: 3_000 }),
      'GET /api/config': () => json(site),
    });
    renderDashboard(<PurchaseDialog pack={PACKS[0] as CreditPack} user={signedInUser} onClose={() => {}} />, {
      route: '/buying',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Purchase' });
    await within(dialog)
      .findByText('3,000 PKR', { selector: 'dd' })
      .catch(() => null);
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(dialog).not.toHaveTextContent('enough balance');
  });
});
