import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('data/db') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.resolve('data/files') });
    expect(config.runWorkers).toBe(true);
  });

  it('gives up a model download after 30 s without data, or after MODEL_DOWNLOAD_STALL_SECONDS', () => {
    expect(loadConfig({}).models.downloadStallTimeoutMs).toBe(30_000);
    expect(loadConfig({ MODEL_DOWNLOAD_STALL_SECONDS: '2.5' }).models.downloadStallTimeoutMs).toBe(2_500);
    expect(() => loadConfig({ MODEL_DOWNLOAD_STALL_SECONDS: '0' })).toThrow(/MODEL_DOWNLOAD_STALL_SECONDS/);
  });

  it('uses a PostgreSQL server when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/sayso' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://127.0.0.1:5432/sayso' });
  });

  it('uses a bucket when STORAGE=s3, leaving credentials to the AWS SDK', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'sayso-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_SECRET_ACCESS_KEY: 'not-ours-to-keep',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'sayso-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      presignSeconds: null,
    });
    expect(JSON.stringify(config)).not.toContain('not-ours-to-keep');
    const redirecting = loadConfig({ STORAGE: 's3', S3_BUCKET: 'sayso-files', S3_SERVE: 'redirect' });
    expect(redirecting.storage).toMatchObject({ presignSeconds: 300 });
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_SERVE: 'cdn' })).toThrow(
      /S3_SERVE: must be api or redirect/,
    );
  });

  it('refuses STORAGE=s3 without a bucket, and storage kinds it does not know', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE is s3/);
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE: must be local or s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: /);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RUN_WORKERS: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
    expect(problems).toMatch(/^RUN_WORKERS: must be true or false/m);
  });

  it('exposes only public settings to the browser', () => {
    const config = loadConfig({ CHAT_NUMBER: '923001234567', DATABASE_URL: 'postgres://u:secret@h/db' });
    expect(config.public).toEqual({
      productName: 'Sayso',
      chatNumber: '923001234567',
      supportEmail: 'support@sayso.local',
    });
    expect(JSON.stringify(config.public)).not.toContain('secret');
  });
});

describe('the server process', () => {
  it('refuses to start with a bad configuration and names the bad variable', () => {
    const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
    // Like `npm run dev`: the shared contract is read from its source, not from a build.
    const result = spawnSync(process.execPath, ['--conditions=sayso-source', '--import', 'tsx', serverEntry], {
      env: { ...process.env, PORT: 'not-a-port', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      // Compiling the whole server on the fly takes 15 s on a busy two-core machine.
      timeout: 50_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT: /);
  }, 60_000);
});
