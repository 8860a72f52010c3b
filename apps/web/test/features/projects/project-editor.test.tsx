import type { ProjectDetail, ProjectProgress } from '@sayso/contract/projects';
import type { Voice } from '@sayso/contract/speech';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ProjectEditor } from '@/features/projects/components/project-editor';
import { VoicePickerContext, type VoicePickerProps } from '@/features/projects/components/voice-picker-context';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const me = () => json({ ...signedInUser, displayName: 'Ada Lovelace', credits: 10_000, balance: 0 });

const voice = (id: string, name: string): Voice => ({
  voice_id: id,
  name,
  accent: '',
  gender: '',
  age: '',
  descriptive: '',
  use_case: '',
  category: 'professional',
  language: 'English',
  locale: 'en-US',
  description: '',
  kind: 'espeak',
  preview_url: null,
  verified_languages: [],
});

const block = (
  id: string,
  text: string,
  overrides: Partial<ProjectDetail['chapters'][number]['blocks'][number]> = {},
) => ({
  id,
  position: 0,
  text,
  speaker: null,
  voice_id: null,
  voice: 'narrator',
  speed: 1,
  state: 'new' as const,
  changed: true,
  duration_ms: null,
  error_code: null,
  ...overrides,
});

const project = (
  blocks = [block('b1', 'It was a dark night.'), block('b2', '"Hello," said Tom.', { speaker: 'Tom' })],
): ProjectDetail => ({
  id: 'p1',
  title: 'Salt & Light',
  author: 'Mara Quill',
  has_cover: false,
  narrator_voice_id: 'narrator',
  block_pause_ms: 500,
  chapter_pause_ms: 2000,
  chapters: [{ id: 'c1', position: 0, title: 'The Harbour', blocks }],
  speakers: [{ name: 'Tom', voice_id: null, lines: 1 }],
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
});

const progressOf = (overrides: Partial<ProjectProgress> = {}): ProjectProgress => ({
  chapters: [{ chapter_id: 'c1', title: 'The Harbour', total: 2, done: 0, queued: 0, failed: [] }],
  total: 2,
  done: 0,
  queued: 0,
  failed: 0,
  complete: false,
  ...overrides,
});

const estimate = { blocks: 2, characters: 38, credits: 38, balance: 10_000, enough: true };

/** A picker that lists the voices as buttons, standing in for the studios' library dialog. */
function ListPicker({ open, voices, onSelect }: VoicePickerProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Select a Voice">
      {voices.map((option) => (
        <button key={option.voice_id} type="button" onClick={() => onSelect(option, null)}>
          {option.name}
        </button>
      ))}
    </div>
  );
}

const Frame = ({ title, children }: { title: string; children: ReactNode }) => (
  <main>
    <h1>{title}</h1>
    {children}
  </main>
);

const renderEditor = () =>
  renderDashboard(
    <VoicePickerContext.Provider value={ListPicker}>
      <ProjectEditor projectId="p1" Frame={Frame} />
    </VoicePickerContext.Provider>,
    { route: '/projects/p1' },
  );

const commonRoutes = {
  'GET /api/me': me,
  'GET /api/minimax/voices': () => json({ voices: [voice('narrator', 'Nora'), voice('tom-voice', 'Theo')] }),
  'GET /api/voice/cloned': () => json({ voices: [] }),
  'POST /api/projects/p1/estimate': () => json(estimate),
};

const calls = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

beforeEach(() => {
  setUserCookie();
  resetSpacing();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('the project editor', () => {
  it('shows chapters, paragraphs with their speaker, the cast and the estimate as credits = characters', {
    timeout: 20_000,
  }, async () => {
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json(project()),
      'GET /api/projects/p1/progress': () => json(progressOf()),
    });
    renderEditor();
    // The file's first render also loads the editor's modules: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Salt & Light' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Chapters' })).toHaveTextContent('The Harbour');
    const second = screen.getByRole('listitem', { name: 'Paragraph 2' });
    expect(second).toHaveTextContent('Tom');
    expect(second).toHaveTextContent('Not rendered');
    // The estimate is a background call (decision 0039): it may wait its turn behind the voice list.
    const estimateLine = await screen.findByTestId('estimate-project');
    await waitFor(() => expect(estimateLine).toHaveTextContent('2 paragraphs, 38 characters = 38 credits.'), {
      timeout: 5_000,
    });
    expect(screen.getByRole('region', { name: 'Cast' })).toHaveTextContent('Tom');
  });

  it('casts a speaker with a voice from the library, and shows the project the server answers with', {
    timeout: 20_000,
  }, async () => {
    let cast: unknown = null;
    const fetchMock = stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json(project()),
      'GET /api/projects/p1/progress': () => json(progressOf()),
      'PUT /api/projects/p1/cast': (init) => {
        cast = JSON.parse(String(init?.body));
        const next = project([
          block('b1', 'It was a dark night.'),
          block('b2', '"Hello," said Tom.', { speaker: 'Tom', voice: 'tom-voice' }),
        ]);
        return json({ ...next, speakers: [{ name: 'Tom', voice_id: 'tom-voice', lines: 1 }] });
      },
    });
    const { user } = renderEditor();
    const castPanel = await screen.findByRole('region', { name: 'Cast' });
    const change = await within(castPanel).findByRole('button', { name: "Voice for Tom: Narrator's voice. Change" });
    // Enabled once the voice list has arrived.
    await waitFor(() => expect(change).toBeEnabled(), { timeout: 5_000 });
    await user.click(change);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Theo' }));
    await waitFor(() => expect(cast).toEqual({ name: 'Tom', voice_id: 'tom-voice' }));
    expect(await within(castPanel).findByRole('button', { name: 'Voice for Tom: Theo. Change' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Paragraph 2' })).toHaveTextContent('Theo');
    // The estimate is read again: a new voice may mean new audio.
    await waitFor(() => expect(calls(fetchMock, 'POST /api/projects/p1/estimate').length).toBeGreaterThan(1));
  });

  it('edits a paragraph in place and sends only its text', { timeout: 20_000 }, async () => {
    let edit: unknown = null;
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json(project()),
      'GET /api/projects/p1/progress': () => json(progressOf()),
      'PATCH /api/projects/p1/blocks/b1': (init) => {
        edit = JSON.parse(String(init?.body));
        return json(
          project([block('b1', 'It was a bright morning.'), block('b2', '"Hello," said Tom.', { speaker: 'Tom' })]),
        );
      },
    });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit Paragraph 1' }));
    const box = screen.getByRole('textbox', { name: 'Paragraph text' });
    await user.clear(box);
    await user.type(box, 'It was a bright morning.');
    await user.click(screen.getByRole('button', { name: 'Save paragraph' }));
    await waitFor(() => expect(edit).toEqual({ text: 'It was a bright morning.' }));
    expect(await screen.findByText('It was a bright morning.')).toBeInTheDocument();
  });

  it('offers credits when the server refuses a render for a short balance, by its code', {
    timeout: 20_000,
  }, async () => {
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json(project()),
      'GET /api/projects/p1/progress': () => json(progressOf()),
      'POST /api/projects/p1/render': () =>
        json({ error: 'Reworded: not enough credits for this book', code: 'INSUFFICIENT_CREDITS' }, 402),
    });
    const { user } = renderEditor();
    const button = await screen.findByRole('button', { name: 'Render project' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const alert = await screen.findByText(/Reworded: not enough credits for this book/);
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing');
  });

  it('polls progress while blocks render, refreshes the paragraphs as they finish, and stops when nothing renders', {
    timeout: 20_000,
  }, async () => {
    const readings = [
      progressOf({ queued: 2 }),
      progressOf({
        queued: 0,
        done: 2,
        complete: true,
        chapters: [{ chapter_id: 'c1', title: 'The Harbour', total: 2, done: 2, queued: 0, failed: [] }],
      }),
    ];
    let detailReads = 0;
    const fetchMock = stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => {
        detailReads += 1;
        const state = detailReads === 1 ? 'queued' : 'done';
        return json(
          project([
            block('b1', 'One.', { state, changed: state !== 'done' }),
            block('b2', 'Two.', { state, changed: state !== 'done' }),
          ]),
        );
      },
      'GET /api/projects/p1/progress': () =>
        json(readings.shift() ?? progressOf({ queued: 0, done: 2, complete: true })),
    });
    renderEditor();
    expect(await screen.findByTestId('render-progress')).toHaveTextContent('0 of 2 paragraphs rendered · 2 rendering');
    expect(await screen.findByText(/ready to listen and export/, undefined, { timeout: 6_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Paragraph 1' })).toHaveTextContent('Rendered'));
    const readsAtEnd = calls(fetchMock, 'GET /api/projects/p1/progress').length;
    expect(readsAtEnd).toBe(2);
    // Nothing renders any more: no further readings.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(calls(fetchMock, 'GET /api/projects/p1/progress').length).toBe(readsAtEnd);
  });

  it('shows a failed paragraph with its reason and retries just that paragraph', { timeout: 20_000 }, async () => {
    let scope: unknown = null;
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () =>
        json(
          project([
            block('b1', 'One.', { state: 'failed', error_code: 'VOICE_UNAVAILABLE' }),
            block('b2', 'Two.', { state: 'done', changed: false }),
          ]),
        ),
      'GET /api/projects/p1/progress': () =>
        json(
          progressOf({
            done: 1,
            failed: 1,
            chapters: [
              {
                chapter_id: 'c1',
                title: 'The Harbour',
                total: 2,
                done: 1,
                queued: 0,
                failed: [{ block_id: 'b1', error_code: 'VOICE_UNAVAILABLE' }],
              },
            ],
          }),
        ),
      'POST /api/projects/p1/render': (init) => {
        scope = JSON.parse(String(init?.body));
        return json({ blocks: 1, credits: 4 }, 202);
      },
    });
    const { user } = renderEditor();
    const first = await screen.findByRole('listitem', { name: 'Paragraph 1' });
    expect(within(first).getByRole('alert')).toHaveTextContent('The voice is no longer available.');
    await user.click(within(first).getByRole('button', { name: 'Retry Paragraph 1' }));
    await waitFor(() => expect(scope).toEqual({ scope: 'block', block_id: 'b1' }));
  });

  it('reorders, splits and merges chapters through the server', { timeout: 20_000 }, async () => {
    const twoChapters = (): ProjectDetail => ({
      ...project(),
      chapters: [
        { id: 'c1', position: 0, title: 'The Harbour', blocks: [block('b1', 'One.'), block('b2', 'Two.')] },
        { id: 'c2', position: 1, title: 'The Light', blocks: [block('b3', 'Three.')] },
      ],
    });
    const sent: string[] = [];
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json(twoChapters()),
      'GET /api/projects/p1/progress': () => json(progressOf()),
      'PUT /api/projects/p1/chapters/order': (init) => {
        sent.push(`order ${String(init?.body)}`);
        return json(twoChapters());
      },
      'POST /api/projects/p1/chapters/c1/split': (init) => {
        sent.push(`split ${String(init?.body)}`);
        return json(twoChapters());
      },
      'POST /api/projects/p1/chapters/c1/merge': () => {
        sent.push('merge');
        return json(twoChapters());
      },
    });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Move The Harbour down' }));
    await waitFor(() => expect(sent).toContain('order {"chapter_ids":["c2","c1"]}'));

    await user.click(screen.getByRole('button', { name: 'More for Paragraph 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Start a new chapter here' }));
    await waitFor(() => expect(sent).toContain('split {"before_block_id":"b2"}'));

    await user.click(screen.getByRole('button', { name: 'Merge with next' }));
    await waitFor(() => expect(sent).toContain('merge'));
  });

  it('downloads an export under the server’s file name, and shows a refusal in its words', {
    timeout: 20_000,
  }, async () => {
    const rendered = project([block('b1', 'One.', { state: 'done', changed: false })]);
    let refuse = true;
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json(rendered),
      'GET /api/projects/p1/progress': () => json(progressOf({ total: 1, done: 1, complete: true })),
      'GET /api/projects/p1/export/zip': () =>
        refuse
          ? json({ error: 'Reworded: render it all first', code: 'PROJECT_NOT_RENDERED' }, 409)
          : new Response(new Uint8Array([80, 75, 5, 6]), {
              headers: {
                'content-type': 'application/zip',
                'content-disposition': `attachment; filename="Salt _ Light.zip"; filename*=UTF-8''Salt%20%26%20Light.zip`,
              },
            }),
    });
    const saved: string[] = [];
    // jsdom makes no object URLs; the saved file's name is what matters here.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:zip';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = objectUrls.create;
      URL.revokeObjectURL = objectUrls.revoke;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderEditor();
    const exportPanel = await screen.findByRole('region', { name: 'Export' });
    await user.click(await within(exportPanel).findByRole('button', { name: /Download/ }));
    await user.click(await screen.findByRole('menuitem', { name: /ZIP of chapter MP3s/ }));
    expect(await within(exportPanel).findByRole('alert')).toHaveTextContent('Reworded: render it all first');
    expect(saved).toEqual([]);

    refuse = false;
    await user.click(within(exportPanel).getByRole('button', { name: /Download/ }));
    await user.click(await screen.findByRole('menuitem', { name: /ZIP of chapter MP3s/ }));
    await waitFor(() => expect(saved).toEqual(['Salt & Light.zip']));
  });

  it('says so when the project does not exist', { timeout: 20_000 }, async () => {
    stubApi({
      ...commonRoutes,
      'GET /api/projects/p1': () => json({ error: 'Project not found.', code: 'PROJECT_NOT_FOUND' }, 404),
      'GET /api/projects/p1/progress': () => json({ error: 'Project not found.', code: 'PROJECT_NOT_FOUND' }, 404),
    });
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All projects' })).toHaveAttribute('href', '/projects');
  });
});
