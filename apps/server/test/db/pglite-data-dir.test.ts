import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPGlite } from '../../src/db/database.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function newFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), 'sayso-pglite-'));
  folders.push(folder);
  return folder;
}

describe('the embedded database on disk', () => {
  it('is created by a child process, then opened with a small shared-buffer pool, and keeps its data', async () => {
    const dir = path.join(await newFolder(), 'db');
    const first = await openPGlite(dir);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect((await first.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe('32MB');
    await first.exec('create table kept (word text); insert into kept values ($$still here$$);');
    await first.close();

    const again = await openPGlite(dir);
    expect((await again.query<{ word: string }>('select word from kept')).rows).toEqual([{ word: 'still here' }]);
    await again.close();
  });

  it('says where and why when the folder cannot hold a database', async () => {
    const blocked = path.join(await newFolder(), 'a-file');
    await writeFile(blocked, 'not a folder');
    await expect(openPGlite(path.join(blocked, 'db'))).rejects.toThrow(/a-file/);
  });
});
