import type { PronunciationDictionary } from '@sayso/contract/pronunciation';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PronunciationPage from '@/app/routes/pronunciation-page';
import { json, renderDashboard, setUserCookie, signedInUser, stubApi } from '../../support/render-dashboard';

const me = () => json({ ...signedInUser, displayName: 'Ada Lovelace', credits: 10_000, balance: 0 });

const BRANDS: PronunciationDictionary = {
  id: 'd1',
  name: 'Brands',
  description: null,
  version_id: 'v1',
  created_at: '2026-11-28T00:00:00.000Z',
  rules: [
    {
      type: 'alias',
      string_to_replace: 'ASAP',
      alias: 'as soon as possible',
      case_sensitive: true,
      word_boundaries: true,
    },
  ],
};

beforeEach(() => setUserCookie());
afterEach(cleanup);

describe('/pronunciation', () => {
  it('says there are no dictionaries yet, and creates one by name', async () => {
    let dictionaries: PronunciationDictionary[] = [];
    const fetchMock = stubApi({
      'GET /api/me': me,
      'GET /api/pronunciation/dictionaries': () => json({ dictionaries }),
      'POST /api/pronunciation/dictionaries': () => {
        dictionaries = [{ ...BRANDS, rules: [] }];
        return json(dictionaries[0], 201);
      },
    });
    renderDashboard(<PronunciationPage />, { route: '/pronunciation' });
    await screen.findByText('No pronunciation dictionaries yet');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create dictionary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a name for the dictionary.');
    await user.type(screen.getByLabelText('Name'), 'Brands');
    await user.click(screen.getByRole('button', { name: 'Create dictionary' }));
    await screen.findByRole('heading', { name: 'Brands' });
    const created = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(created?.[1]?.body))).toEqual({ name: 'Brands', rules: [] });
    expect(screen.getByText('No rules yet. Add the first one below.')).toBeInTheDocument();
  });

  it('adds a phoneme rule as a new version of all the rules, and removes one', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubApi({
      'GET /api/me': me,
      'GET /api/pronunciation/dictionaries': () => json({ dictionaries: [BRANDS] }),
      'PUT /api/pronunciation/dictionaries/d1/rules': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(BRANDS);
      },
    });
    renderDashboard(<PronunciationPage />, { route: '/pronunciation' });
    const card = await screen.findByTestId('pronunciation-dictionary');
    expect(within(card).getByText('as soon as possible')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Hear it: ASAP' })).toBeInTheDocument();
    const user = userEvent.setup();
    const form = within(card).getByRole('form', { name: 'Add a rule' });
    await user.type(within(form).getByLabelText('Text'), 'tomato');
    await user.selectOptions(within(form).getByLabelText('Say it'), 'cmu-arpabet');
    await user.type(within(form).getByLabelText('Phonemes'), 'T AH0 M EY1 T OW2');
    await user.type(within(form).getByLabelText(/Words for other voices/), 'to may to');
    await user.click(within(form).getByLabelText('Match case'));
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await screen.findByRole('button', { name: 'Add rule' });
    expect(bodies[0]).toEqual({
      rules: [
        BRANDS.rules[0],
        {
          type: 'phoneme',
          string_to_replace: 'tomato',
          phoneme: 'T AH0 M EY1 T OW2',
          alphabet: 'cmu-arpabet',
          alias: 'to may to',
          case_sensitive: false,
          word_boundaries: true,
        },
      ],
    });
    await user.click(within(card).getByRole('button', { name: 'Remove the rule for ASAP' }));
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]).toEqual({ rules: [] });
    expect(fetchMock).toHaveBeenCalled();
  });

  it('shows why the dictionaries could not be loaded, with a way to try again', async () => {
    stubApi({
      'GET /api/me': me,
      'GET /api/pronunciation/dictionaries': () => json({ error: 'Down', code: 'INTERNAL' }, 500),
    });
    renderDashboard(<PronunciationPage />, { route: '/pronunciation' });
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Your dictionaries could not be loaded: Down',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  }, 20_000);
});
