import { describe, expect, it } from 'vitest';
import { BatchReader } from '../../src/db/batch-reader.js';

interface Row {
  id: string;
  version: number;
}

/** A table the test controls, recording the ids each statement asked for. */
function table(rows: Row[]) {
  const statements: string[][] = [];
  return {
    rows,
    statements,
    readMany: async (ids: string[]) => {
      statements.push(ids);
      return rows.filter((row) => ids.includes(row.id)).map((row) => ({ ...row }));
    },
  };
}

describe('BatchReader', () => {
  it('answers every caller of one turn from one statement, each with its own row', async () => {
    const store = table([
      { id: 'a', version: 1 },
      { id: 'b', version: 1 },
    ]);
    const reader = new BatchReader(store.readMany);
    const answers = await Promise.all([reader.read('a'), reader.read('b'), reader.read('a'), reader.read('gone')]);
    expect(answers).toEqual([{ id: 'a', version: 1 }, { id: 'b', version: 1 }, { id: 'a', version: 1 }, undefined]);
    expect(store.statements).toEqual([['a', 'b', 'gone']]);
  });

  it('reads again for a caller of a later turn, so a change in between is seen', async () => {
    const store = table([{ id: 'a', version: 1 }]);
    const reader = new BatchReader(store.readMany);
    expect(await reader.read('a')).toEqual({ id: 'a', version: 1 });
    const [row] = store.rows;
    if (row) row.version = 2;
    expect(await reader.read('a')).toEqual({ id: 'a', version: 2 });
    expect(store.statements).toHaveLength(2);
  });

  it('splits a crowd into statements of at most 100 ids', async () => {
    const store = table(Array.from({ length: 250 }, (_, n) => ({ id: `t${n}`, version: 1 })));
    const reader = new BatchReader(store.readMany);
    const answers = await Promise.all(store.rows.map((row) => reader.read(row.id)));
    expect(answers.map((answer) => answer?.id)).toEqual(store.rows.map((row) => row.id));
    expect(store.statements.map((ids) => ids.length)).toEqual([100, 100, 50]);
  });

  it('fails every caller of a statement that failed, and the next turn reads afresh', async () => {
    let fail = true;
    const reader = new BatchReader(async (ids: string[]) => {
      if (fail) throw new Error('connection lost');
      return ids.map((id) => ({ id, version: 1 }));
    });
    const answers = await Promise.allSettled([reader.read('a'), reader.read('b')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reader.read('a')).toEqual({ id: 'a', version: 1 });
  });
});
