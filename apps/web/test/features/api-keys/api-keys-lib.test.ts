import type { ApiKey } from '@sayso/contract/api-keys';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, readCreateKeyDraft } from '@/features/api-keys/lib/create-key-input';
import {
  formatDateTime,
  lastUsedText,
  monthUsageText,
  orderForList,
  shownPrefix,
} from '@/features/api-keys/lib/key-display';
import { curlExample, dialectBaseUrls } from '@/features/api-keys/lib/quick-start';

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k1',
  name: 'Audiobooks',
  prefix: 'sk_sayso_ab12cd',
  scopes: ['speech'],
  monthlyCharacterCap: null,
  charactersThisMonth: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

describe('readCreateKeyDraft', () => {
  it('asks for every scope by default and sends no cap when the cap is blank', () => {
    expect(readCreateKeyDraft({ ...EMPTY_DRAFT, name: '  Home automation ' })).toEqual({
      ok: true,
      request: {
        name: 'Home automation',
        scopes: ['speech', 'voices:read', 'voices:write'],
        monthlyCharacterCap: null,
      },
    });
  });

  it('reads a cap written with thousands separators and keeps the scopes in the contract order', () => {
    const read = readCreateKeyDraft({ name: 'Bot', scopes: ['voices:write', 'speech'], monthlyCap: ' 10,000 ' });
    expect(read).toEqual({
      ok: true,
      request: { name: 'Bot', scopes: ['speech', 'voices:write'], monthlyCharacterCap: 10_000 },
    });
  });

  it('names every problem beside its own field, in the contract’s words', () => {
    expect(readCreateKeyDraft({ name: '   ', scopes: [], monthlyCap: '' })).toEqual({
      ok: false,
      problems: { name: 'Name is required', scopes: 'Choose at least one scope' },
    });
  });

  it.each([
    ['12.5', 'The monthly cap must be a whole number'],
    ['lots', 'The monthly cap must be a whole number'],
    ['0', 'The monthly cap must be greater than 0'],
    ['-3', 'The monthly cap must be greater than 0'],
    ['2,000,000,000', 'The monthly cap can be at most 1,000,000,000 characters'],
  ])('refuses a cap of "%s"', (monthlyCap, message) => {
    expect(readCreateKeyDraft({ ...EMPTY_DRAFT, name: 'Bot', monthlyCap })).toEqual({
      ok: false,
      problems: { monthlyCap: message },
    });
  });

  it('reports a bad cap together with a missing name', () => {
    expect(readCreateKeyDraft({ ...EMPTY_DRAFT, name: '', monthlyCap: 'x' })).toEqual({
      ok: false,
      problems: { name: 'Name is required', monthlyCap: 'The monthly cap must be a whole number' },
    });
  });
});

describe('key display', () => {
  it('marks the prefix as the start of a longer secret', () => {
    expect(shownPrefix('sk_sayso_ab12cd')).toBe('sk_sayso_ab12cd…');
  });

  it('says Never for a key that was not used, and the date and time otherwise', () => {
    expect(lastUsedText(key())).toBe('Never');
    const used = key({ lastUsedAt: '2026-03-02T15:04:00.000Z' });
    expect(lastUsedText(used, 'en-GB')).toBe(formatDateTime('2026-03-02T15:04:00.000Z', 'en-GB'));
    expect(lastUsedText(used, 'en-GB')).toMatch(/2 Mar 2026/);
    expect(lastUsedText(used, 'en-GB')).toMatch(/\d{2}:04/);
  });

  it('shows this month’s characters, against the cap when there is one', () => {
    expect(monthUsageText(key({ charactersThisMonth: 1234 }))).toBe('1,234');
    expect(monthUsageText(key({ charactersThisMonth: 29, monthlyCharacterCap: 10_000 }))).toBe('29 / 10,000');
  });

  it('lists working keys before revoked ones and keeps the newest-first order within each', () => {
    const keys = [
      key({ id: 'new-revoked', revokedAt: '2026-03-05T00:00:00.000Z' }),
      key({ id: 'new' }),
      key({ id: 'old-revoked', revokedAt: '2026-03-04T00:00:00.000Z' }),
      key({ id: 'old' }),
    ];
    expect(orderForList(keys).map((k) => k.id)).toEqual(['new', 'old', 'new-revoked', 'old-revoked']);
  });
});

describe('quick start', () => {
  it('gives each dialect its base URL under the page’s origin', () => {
    expect(dialectBaseUrls('https://tts.example.org/')).toEqual({
      openai: 'https://tts.example.org/openai/v1',
      elevenlabs: 'https://tts.example.org/elevenlabs',
    });
  });

  it('builds a three-line curl request for the OpenAI speech endpoint that reads the key from the environment', () => {
    const lines = curlExample('http://127.0.0.1:3000').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('curl http://127.0.0.1:3000/openai/v1/audio/speech \\');
    expect(lines[1]).toContain('Authorization: Bearer $SAYSO_API_KEY');
    expect(JSON.parse(/'(.*)'/.exec(lines[2] ?? '')?.[1] ?? '')).toEqual({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Hello from Sayso!',
    });
  });
});
