import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ModelMirror, startModelMirror } from '../helpers/model-mirror.js';
import { standInGtcrnModel } from '../helpers/sherpa-stand-ins/denoiser.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let mirror: ModelMirror;
let dataDir: string;

beforeEach(async () => {
  mirror = await startModelMirror();
  dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-models-cli-'));
});
afterEach(async () => {
  await mirror.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run models -- ...` as an operator types it, against a loopback mirror. */
async function models(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'models', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, MODEL_DOWNLOAD_BASE_URL: mirror.baseUrl, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

describe('npm run models', () => {
  it('lists each catalogue archive with the address it is downloaded from, the vocoder included', async () => {
    const listed = await models('list');
    expect(listed).toContain(`${mirror.baseUrl}/tts-models/kokoro-multi-lang-v1_0.tar.bz2`);
    expect(listed).toContain(`${mirror.baseUrl}/vocoder-models/vocos_24khz.onnx`);
    expect(listed).not.toContain('github.com');
  }, 60_000);

  it('installs by name with the same download code, printing progress, speed and the result', async () => {
    const denoiser = Buffer.from(standInGtcrnModel());
    const half = Math.floor(denoiser.length / 2);
    mirror.serve('/speech-enhancement-models/gtcrn_simple.onnx', denoiser, { cutAfter: half });
    const output = await models('install', 'gtcrn_simple');
    expect(output).toContain(
      `${(denoiser.length / 1_000_000).toFixed(1)} MB of ${(denoiser.length / 1_000_000).toFixed(1)} MB (100%)`,
    );
    expect(output).toContain('Installed "gtcrn_simple"');
    // The cut connection was picked up where it stopped.
    expect(mirror.requests.map((request) => request.range)).toEqual([null, `bytes=${half}-`]);
    expect(await readdir(path.join(dataDir, 'models'))).toContain('gtcrn_simple');
  }, 90_000);

  it('refuses a second file for a model that is not in the catalogue and needs none', async () => {
    const archive = path.join(dataDir, 'gtcrn_simple.onnx');
    const vocoder = path.join(dataDir, 'notes.txt');
    await writeFile(archive, Buffer.from(standInGtcrnModel()));
    await writeFile(vocoder, 'not a model');
    await expect(models('install', '--file', archive, '--vocoder', vocoder)).rejects.toMatchObject({
      stderr: expect.stringContaining('must be an .onnx file'),
    });
  }, 60_000);
});
