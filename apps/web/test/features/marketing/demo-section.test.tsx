import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemoSection } from '@/features/marketing/components/demo-section';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import { json, stubApi } from '../../support/render-dashboard';

beforeEach(() => resetSpacing());

/** The demo as the landing page holds it: under the app's query cache. */
const renderDemo = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DemoSection />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the landing demo on arrival', () => {
  it('has a voice chosen for the browser’s accent, and asks for text in the page instead of an alert', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = stubApi({});
    renderDemo();
    expect(screen.getByRole('radio', { checked: true })).toHaveAttribute('value', 'en-gb-female');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Voice' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a voice and enter some text!');
    expect(alert).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    // Typing takes the message away.
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Hi.' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('comes back to the voice the visitor chose last', () => {
    stubApi({});
    const first = renderDemo();
    expect(screen.getByRole('radio', { checked: true })).toHaveAttribute('value', 'en-us-female');
    fireEvent.click(screen.getAllByRole('radio')[3] as HTMLElement);
    first.unmount();
    renderDemo();
    expect(screen.getByRole('radio', { checked: true })).toHaveAttribute('value', 'en-gb-male');
  });
});

describe('the landing demo while its task waits', () => {
  it('shows how many tasks are ahead of the visitor’s, and stops once the task is being generated', async () => {
    const answers = [
      { status: 'queued', progress: 0, queue_position: 2 },
      { status: 'processing', progress: 40, queue_position: null },
    ];
    stubApi({
      'POST /api/tts': () => json({ success: true, task_id: 'd1' }),
      'GET /api/task/d1': () => json(answers.length > 1 ? answers.shift() : answers[0]),
    });
    renderDemo();
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Hello from the demo.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Voice' }));

    // The demo reads its task every 3 s (spec section 4), so these wait in real time.
    expect(await screen.findByText('Queued: 2 tasks ahead of yours', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(await screen.findByText(/Creating your audio \(40%\)/, {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Queued:/)).toBeNull();
  }, 20_000);
});
