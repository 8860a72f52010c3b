import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryItemCard } from '@/features/history/components/history-item-card';
import { renderDashboard } from '../support/render-dashboard';
import { historyItem } from '../features/history/history-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(excerpt: string, characters: number) {
  renderDashboard(
    <ul>
      <HistoryItemCard
        item={historyItem({ excerpt, characters })}
        onUseInStudio={() => {}}
        preparingStudio={false}
        onDelete={() => {}}
      />
    </ul>,
    { route: '/history' },
  );
  return screen.getByTestId('history-item');
}

describe('a history card’s preview of the text', () => {
  it('ends a shortened text with one ellipsis, the one the server put there', () => {
    // The server cuts a long text to 199 characters and marks the cut itself.
    const excerpt = `${'Does it read well? '.repeat(11).slice(0, 199)}…`;
    const card = renderCard(excerpt, 900);
    const preview = card.querySelector('p');
    expect(preview?.textContent).toBe(excerpt);
    expect(preview?.textContent).not.toMatch(/……$/);
  });

  it('shows a whole short text as it is, without an ellipsis', () => {
    const card = renderCard('Does it read well?', 18);
    expect(card.querySelector('p')?.textContent).toBe('Does it read well?');
  });
});
