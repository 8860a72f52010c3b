import { describe, expect, it } from 'vitest';
import { queueNote } from '@/lib/speech-task/polling';

describe('the queue note', () => {
  it('says how many tasks are ahead of a waiting one', () => {
    expect(queueNote(3)).toBe('Queued: 3 tasks ahead of yours');
    expect(queueNote(1)).toBe('Queued: 1 task ahead of yours');
    expect(queueNote(0)).toBe('Queued: yours is next');
  });

  it('says nothing once the task is not waiting, or when the server gives no position', () => {
    expect(queueNote(null)).toBeNull();
    expect(queueNote(undefined)).toBeNull();
  });
});
