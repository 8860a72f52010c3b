import { expect, it, onTestFinished, vi } from 'vitest';
import { findPolledTask, queuePosition } from '../../src/domains/speech/repository.js';
import { createTask } from '../../src/domains/speech/task-lifecycle.js';
import { describeOnEachDatabase, openMigrated } from '../helpers/databases.js';

const demoTask = (text: string) => ({
  userId: null,
  studio: 'preset' as const,
  engine: 'espeak',
  voiceId: 'espeak-en-us-f2',
  modelId: 'espeak-ng',
  text,
  settings: { speed: 1, pitch: 1, volume: 1 },
  cost: 0,
  clientIp: `192.0.2.${text.length}`,
});

describeOnEachDatabase('Polls read from the database', (target) => {
  it('answers the polls of one turn from one statement, each with its own task and place in line', async () => {
    // The line's age is read from `performance.now()`: a fake clock lets a second pass at once.
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { handle } = await openMigrated(target);
    const admitAll = async () => {};
    const first = await createTask(handle.db, demoTask('First task.'), admitAll);
    const second = await createTask(handle.db, demoTask('The second task.'), admitAll);

    // Asked in the same turn: one `id = any($1)` statement answers all three.
    const [a, b, missing] = await Promise.all([
      findPolledTask(handle.db, first.taskId),
      findPolledTask(handle.db, second.taskId),
      findPolledTask(handle.db, 'no-such-task'),
    ]);
    expect(a).toMatchObject({ id: first.taskId, status: 'queued', text: 'First task.', user_id: null });
    expect(b).toMatchObject({ id: second.taskId, status: 'queued', text: 'The second task.' });
    expect(missing).toBeUndefined();
    if (!a || !b) throw new Error('both tasks were read');
    expect(await queuePosition(handle.db, a)).toBe(0);
    expect(await queuePosition(handle.db, b)).toBe(1);

    // The first one starts: the second moves up, and a running task has no place in line.
    await handle.db.updateTable('speech_tasks').set({ status: 'processing' }).where('id', '=', first.taskId).execute();
    const [started, waiting] = await Promise.all([
      findPolledTask(handle.db, first.taskId),
      findPolledTask(handle.db, second.taskId),
    ]);
    expect(started?.status).toBe('processing');
    if (!started || !waiting) throw new Error('both tasks were read');
    expect(await queuePosition(handle.db, started)).toBeNull();
    // Started outside the repository's writes, so seen once the line's read is older than a second.
    vi.advanceTimersByTime(1_100);
    expect(await queuePosition(handle.db, waiting)).toBe(0);
  });
});
