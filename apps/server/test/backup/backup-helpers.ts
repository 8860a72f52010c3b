import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { expect, onTestFinished } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { speakInStudio } from '../history/history-helpers.js';

const REPO = path.resolve(import.meta.dirname, '../../../..');

export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

export const PASSWORD = 'correct horse battery';

export interface Customer {
  email: string;
  userId: string;
  cookie: string;
}

/** A temporary folder, removed when the test ends. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }));
  return dir;
}

/**
 * Fills an app the way people do: two customers sign up, the admin adds money to one, who buys a
 * credit pack, clones a voice from a sample and has text spoken (history with audio); the other
 * has speech made too. Answers the customers.
 */
export async function populate(app: FastifyInstance): Promise<Customer[]> {
  const first = await signedInUser(app, 'ada@example.test');
  const second = await signedInUser(app, 'grace@example.test');
  const admin = await adminCookie(app);
  const added = await app.inject({
    method: 'POST',
    url: `/api/admin/users/${first.userId}/balance/add`,
    headers: { origin: ORIGIN, cookie: admin },
    payload: { amount: 3_012.34 },
  });
  expect(added.statusCode, added.body).toBe(200);
  const bought = await app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { origin: ORIGIN, cookie: first.cookie },
    payload: { packId: 'starter', idempotencyKey: 'backup-00000001' },
  });
  expect(bought.statusCode, bought.body).toBe(200);

  const form = new FormData();
  form.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'my voice.wav');
  form.append('voice_name', 'Ada’s voice');
  form.append('language_tag', 'English');
  form.append('preview_text', 'Hello, this is my new voice.');
  form.append('need_noise_reduction', 'true');
  const cloned = await app.inject({
    method: 'POST',
    url: '/api/voice/clone',
    headers: { origin: ORIGIN, cookie: first.cookie },
    payload: form,
  });
  expect(cloned.statusCode, cloned.body).toBe(200);

  await speakInStudio(app, first.cookie, 'preset', 'Money lives in this database. Losing it loses balances.');
  await speakInStudio(app, second.cookie, 'clone', 'A second customer has speech of her own.');
  return [
    { email: first.email, userId: first.userId, cookie: first.cookie },
    { email: second.email, userId: second.userId, cookie: second.cookie },
  ];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesAt(app: FastifyInstance, url: string, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
    const redirected = await fetch(String(response.headers.location));
    return sha256(Buffer.from(await redirected.arrayBuffer()));
  }
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return sha256(response.rawPayload);
}

/** A link's address differs between two apps (signed, with expiry); what it serves must not. */
async function withContent(app: FastifyInstance, cookie: string, record: Record<string, unknown>, fields: string[]) {
  const copy: Record<string, unknown> = { ...record };
  for (const field of fields) {
    const url = record[field];
    if (typeof url === 'string') copy[field] = `sha256:${await bytesAt(app, url, cookie)}`;
  }
  return copy;
}

/**
 * What each customer sees through the API, signing in with their password: their account (money
 * and credits), their cloned voices and their history, each audio file by the SHA-256 of its bytes.
 */
export async function observe(app: FastifyInstance, customers: Customer[]) {
  const seen: Record<string, unknown> = {};
  for (const customer of customers) {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: customer.email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = customer.cookie;
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as Record<
      string,
      unknown
    >;
    const voices = (
      (await app.inject({ method: 'GET', url: '/api/voice/cloned', headers: { cookie } })).json() as {
        voices: Record<string, unknown>[];
      }
    ).voices;
    const history = (
      (await app.inject({ method: 'GET', url: '/api/history', headers: { cookie } })).json() as {
        items: Record<string, unknown>[];
      }
    ).items;
    // The sign-in above is this observation's own: its time differs between the two apps by
    // design (databaseText compares the restored value itself, to the microsecond).
    const { lastLoginAt: _signedInJustNow, ...account } = me;
    seen[customer.email] = {
      me: account,
      voices: await Promise.all(voices.map((voice) => withContent(app, cookie, voice, ['mp3Link']))),
      history: await Promise.all(
        history.map((item) => withContent(app, cookie, item, ['audio_url', 'mp3_url', 'srt_url', 'vtt_url'])),
      ),
    };
  }
  return seen;
}

/**
 * Every row of every application table as PostgreSQL prints it, and every sequence: read with
 * plain SQL of its own, not with the code under test.
 */
export async function databaseText(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'
    ORDER BY table_name
  `.execute(db);
  const text: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.id(name)} t ORDER BY 1`.execute(db);
    text[name] = rows.rows.map((r) => r.row);
  }
  const sequences = await sql<{ name: string }>`
    SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY 1
  `.execute(db);
  for (const { name } of sequences.rows) {
    const state = await sql<{
      row: string;
    }>`SELECT last_value::text || ' ' || is_called::text AS row FROM ${sql.id(name)}`.execute(db);
    text[`sequence ${name}`] = state.rows.map((r) => r.row);
  }
  return text;
}

/** The entries of a .tar.gz archive, by name. */
export async function readArchive(file: string): Promise<Map<string, Buffer>> {
  const extract = tarExtract();
  const entries = new Map<string, Buffer>();
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.set(entry.header.name, Buffer.concat(chunks));
    }
  })();
  extract.end(gunzipSync(await readFile(file)));
  await done;
  return entries;
}

/** Writes entries as a .tar.gz archive, in the order given. */
export async function writeArchive(file: string, entries: Map<string, Buffer>): Promise<void> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const ended = once(pack, 'end');
  for (const [name, bytes] of entries) pack.entry({ name }, bytes);
  pack.finalize();
  await ended;
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
}

/** Runs `npm run backup` or `npm run restore`'s command line with only the environment given (plus PATH and HOME). */
export async function runCli(
  command: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=sayso-source', '--import', 'tsx', `apps/server/src/cli/${command}.ts`, file],
    {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
