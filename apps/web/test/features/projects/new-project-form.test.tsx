import type { Voice } from '@sayso/contract/speech';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewProjectForm } from '@/features/projects/components/new-project-form';
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

const NoPicker = (_props: VoicePickerProps) => null;

/**
 * A stand-in for the browser's XMLHttpRequest (jsdom's would try the network): the test decides
 * how much of the upload is reported and what the server answers.
 */
class FakeUpload {
  static last: FakeUpload | null = null;
  status = 0;
  responseText = '';
  sent: FormData | null = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeUpload.last = this;
  }
  open() {}
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

const renderForm = (onCreated = vi.fn()) => ({
  onCreated,
  ...renderDashboard(
    <VoicePickerContext.Provider value={NoPicker}>
      <NewProjectForm onCreated={onCreated} />
    </VoicePickerContext.Provider>,
    { route: '/projects' },
  ),
});

beforeEach(() => {
  setUserCookie();
  resetSpacing();
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
  FakeUpload.last = null;
});

const routes = {
  'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada', credits: 10_000, balance: 0 }),
  'GET /api/minimax/voices': () => json({ voices: [voice('v-ava', 'Ava')] }),
  'GET /api/voice/cloned': () => json({ voices: [] }),
  'GET /api/projects': () => json({ projects: [] }),
};

/**
 * Waits for the narrator chosen on arrival. The voice list is a background call (decision 0039),
 * and a file's first render loads the form's modules: both slow on a busy machine.
 */
const narratorChosen = () => screen.findByRole('button', { name: 'Narrator: Ava. Change' }, { timeout: 10_000 });

const epub = () => new File([new Uint8Array([80, 75, 3, 4])], 'book.epub', { type: 'application/epub+zip' });

describe('a new project', () => {
  it('imports a file with the narrator, showing the upload’s progress', { timeout: 20_000 }, async () => {
    stubApi(routes);
    const { user, onCreated } = renderForm();
    await narratorChosen();
    await user.upload(screen.getByLabelText(/^Manuscript file/), epub());
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const upload = FakeUpload.last;
    if (!upload) throw new Error('nothing was uploaded');
    expect(upload.sent?.get('narrator_voice_id')).toBe('v-ava');
    expect(upload.sent?.get('file')).toEqual(expect.objectContaining({ name: 'book.epub' }));
    upload.progress(50, 100);
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creating…' })).toBeDisabled();
    upload.answer(201, { id: 'p9', title: 'Book', chapters: [] });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'p9' })));
  });

  it('shows the server’s refusal of a file in its own words', { timeout: 20_000 }, async () => {
    stubApi(routes);
    const { user, onCreated } = renderForm();
    await narratorChosen();
    await user.upload(screen.getByLabelText(/^Manuscript file/), epub());
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    FakeUpload.last?.answer(400, {
      error: 'This EPUB is protected by DRM and cannot be imported.',
      code: 'PROJECT_IMPORT_DRM',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This EPUB is protected by DRM and cannot be imported.');
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('refuses a file type the server cannot read before sending it', { timeout: 20_000 }, async () => {
    stubApi(routes);
    const { user } = renderForm();
    await narratorChosen();
    // The input's accept list would hide it in a browser's dialog; a drop or "All files" still gets it here.
    const input = screen.getByLabelText(/^Manuscript file/);
    input.removeAttribute('accept');
    await user.upload(input, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file type cannot be imported. Choose a .txt, .md, .epub or .docx file.',
    );
    expect(FakeUpload.last).toBeNull();
  });

  it('creates a project from pasted Markdown', { timeout: 20_000 }, async () => {
    let body: unknown = null;
    stubApi({
      ...routes,
      'POST /api/projects': (init) => {
        body = JSON.parse(String(init?.body));
        return json({ id: 'p2', title: 'Notes', chapters: [] }, 201);
      },
    });
    const { user, onCreated } = renderForm();
    await narratorChosen();
    await user.click(screen.getByRole('radio', { name: 'Paste text' }));
    await user.type(screen.getByLabelText(/^Title/), 'Notes');
    await user.type(screen.getByLabelText('Your text'), '# One{enter}{enter}Hello there.');
    await user.click(screen.getByRole('checkbox', { name: /Markdown/ }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(body).toEqual({ narrator_voice_id: 'v-ava', title: 'Notes', text: '# One\n\nHello there.', format: 'md' });
  });
});
