import { creditPackList } from '@sayso/contract/pricing';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

describe('GET /api/credit-packs', () => {
  it('lists the six credit packs of the spec', async () => {
    const app = await buildTestApp();
    const { packs } = (await app.inject({ method: 'GET', url: '/api/credit-packs' })).json() as {
      packs: { credits: number; price: number; currency: string; features: string[] }[];
    };
    expect(packs.map((p) => [p.credits, p.price])).toEqual([
      [1_000_000, 3_000],
      [3_000_000, 5_500],
      [5_000_000, 7_700],
      [7_000_000, 12_000],
      [10_000_000, 15_000],
      [20_000_000, 28_000],
    ]);
    for (const pack of packs) {
      expect(pack.currency).toBe('PKR');
      expect(pack.features).toHaveLength(5);
    }
  });

  it('answers JSON that matches its contract schema exactly, cacheable for five minutes', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/credit-packs' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const body = response.json();
    expect(creditPackList.strict().parse(body)).toEqual(body);
  });
});
