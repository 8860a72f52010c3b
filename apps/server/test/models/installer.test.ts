import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../../src/models/catalogue.js';
import {
  cleanLeftovers,
  installFromFile,
  installFromUrl,
  listInstalled,
  ModelInstallError,
  removeModel,
} from '../../src/models/installer.js';
import { MANIFEST_FILE } from '../../src/models/manifest.js';
import { bzip2, gzip, piperEntries, tarOf } from './archives.js';

let modelsDir: string;
let scratch: string;

beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sayso-models-'));
  modelsDir = path.join(scratch, 'models');
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Folders in the models folder, hidden ones included: what an install left behind. */
async function leftovers(): Promise<string[]> {
  const top = await readdir(modelsDir).catch(() => []);
  const incoming = await readdir(path.join(modelsDir, '.incoming')).catch(() => []);
  return [...top.filter((name) => name !== '.incoming'), ...incoming.map((name) => `.incoming/${name}`)];
}

async function archiveFile(fileName: string, bytes: Buffer): Promise<string> {
  const file = path.join(scratch, fileName);
  await writeFile(file, bytes);
  return file;
}

/** A loopback publisher: serves `bytes` at every path, or cuts the body off halfway when `cut` is set. */
async function publisher(bytes: Buffer, cut = false): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-length': String(bytes.length), 'content-type': 'application/octet-stream' });
    if (!cut) {
      response.end(bytes);
      return;
    }
    response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
      setTimeout(() => response.socket?.destroy(), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, server };
}

function entryFor(name: string, baseUrl: string, sha256: string | null): CatalogueEntry {
  return {
    name,
    family: 'vits',
    title: 'Test voice',
    url: `${baseUrl}/tts-models/${name}.tar.bz2`,
    sizeBytes: 1000,
    license: 'CC0-1.0',
    commercialUse: true,
    languages: ['de'],
    voices: { count: 1, names: [] },
    sampleRate: 22_050,
    sha256,
  };
}

const NAME = 'vits-piper-de_DE-test-medium';

describe('model installer', () => {
  it('installs a .tar.bz2 from a file, and the list shows it with its record', async () => {
    const archive = await archiveFile(`${NAME}.tar.bz2`, bzip2(await tarOf(piperEntries(NAME))));
    const manifest = await installFromFile(archive, { modelsDir });
    expect(manifest).toMatchObject({ name: NAME, family: 'vits', checksum: 'recorded', license: 'unknown' });
    expect(manifest.sha256).toBe(
      createHash('sha256')
        .update(await readFile(archive))
        .digest('hex'),
    );
    const installed = await listInstalled({ modelsDir });
    expect(installed.map((model) => model.name)).toEqual([NAME]);
    expect(installed[0]?.files).toContain('espeak-ng-data/phontab');
    expect(await stat(path.join(modelsDir, NAME, `${NAME}.onnx`))).toBeTruthy();
    expect(await leftovers()).toEqual([NAME]);
  });

  it('installs a .tar.gz and a bare .onnx denoiser from files', async () => {
    await installFromFile(await archiveFile(`${NAME}.tar.gz`, gzip(await tarOf(piperEntries(NAME)))), { modelsDir });
    const denoiser = await installFromFile(await archiveFile('gtcrn_simple.onnx', Buffer.alloc(512, 1)), { modelsDir });
    expect(denoiser).toMatchObject({ family: 'gtcrn', license: 'MIT', files: ['gtcrn_simple.onnx', MANIFEST_FILE] });
    expect((await listInstalled({ modelsDir })).map((model) => model.name)).toEqual(['gtcrn_simple', NAME]);
  });

  it('removes an installed model so that it disappears from the list and the disk', async () => {
    let changes = 0;
    const onChange = () => {
      changes += 1;
    };
    const archive = await archiveFile(`${NAME}.tar.bz2`, bzip2(await tarOf(piperEntries(NAME))));
    await installFromFile(archive, { modelsDir, onChange });
    await removeModel(NAME, { modelsDir, onChange });
    expect(await listInstalled({ modelsDir })).toEqual([]);
    expect(changes).toBe(2);
    await expect(removeModel(NAME, { modelsDir })).rejects.toMatchObject({ code: 'NOT_INSTALLED' });
  });

  it('refuses to install a name that is already installed, and keeps the installed one', async () => {
    const archive = await archiveFile(`${NAME}.tar.bz2`, bzip2(await tarOf(piperEntries(NAME))));
    const first = await installFromFile(archive, { modelsDir });
    await expect(installFromFile(archive, { modelsDir })).rejects.toMatchObject({ code: 'ALREADY_INSTALLED' });
    expect((await listInstalled({ modelsDir }))[0]?.installedAt).toBe(first.installedAt);
  });

  it('refuses an archive with a "../" entry and installs nothing', async () => {
    const entries = [...piperEntries(NAME), { name: `${NAME}/../../evil.txt`, body: 'owned' }];
    const archive = await archiveFile(`${NAME}.tar.bz2`, bzip2(await tarOf(entries)));
    const refusal = installFromFile(archive, { modelsDir });
    await expect(refusal).rejects.toBeInstanceOf(ModelInstallError);
    await expect(refusal).rejects.toMatchObject({ code: 'UNSAFE_ARCHIVE', message: expect.stringContaining('..') });
    expect(await leftovers()).toEqual([]);
    await expect(stat(path.join(scratch, 'evil.txt'))).rejects.toThrow();
  });

  it('refuses an archive with a symlink that points outside, an absolute path, or a file written over a link', async () => {
    const symlinked = [
      ...piperEntries(NAME),
      { name: `${NAME}/tokens-link`, type: 'symlink' as const, linkname: '../../../etc/passwd' },
    ];
    const absolute = [...piperEntries(NAME), { name: '/tmp/sayso-evil.txt', body: 'owned' }];
    // A link to a file inside, then a file of the same name: writing it must not follow the link.
    const overwriting = [
      ...piperEntries(NAME),
      { name: `${NAME}/alias.txt`, type: 'symlink' as const, linkname: 'tokens.txt' },
      { name: `${NAME}/alias.txt`, body: 'replaced' },
    ];
    for (const entries of [symlinked, absolute, overwriting]) {
      const archive = await archiveFile(`${NAME}.tar.gz`, gzip(await tarOf(entries)));
      await expect(installFromFile(archive, { modelsDir })).rejects.toMatchObject({ code: 'UNSAFE_ARCHIVE' });
      expect(await leftovers()).toEqual([]);
    }
  });

  it('refuses an archive whose files match no model family', async () => {
    const archive = await archiveFile('notes.tar.gz', gzip(await tarOf([{ name: 'notes/readme.txt', body: 'hi' }])));
    await expect(installFromFile(archive, { modelsDir })).rejects.toMatchObject({ code: 'UNKNOWN_FAMILY' });
    expect(await leftovers()).toEqual([]);
  });

  it('installs a catalogue model from its URL, reporting progress and recording the unpublished checksum', async () => {
    const bytes = bzip2(await tarOf(piperEntries(NAME)));
    const { baseUrl, server } = await publisher(bytes);
    try {
      const progress: number[] = [];
      const manifest = await installFromUrl(NAME, {
        modelsDir,
        catalogue: [entryFor(NAME, baseUrl, null)],
        onProgress: ({ receivedBytes }) => progress.push(receivedBytes),
      });
      expect(manifest).toMatchObject({ checksum: 'recorded', license: 'CC0-1.0', languages: ['de'] });
      expect(manifest.source).toEqual({ kind: 'url', url: `${baseUrl}/tts-models/${NAME}.tar.bz2` });
      expect(progress.at(-1)).toBe(bytes.length);
    } finally {
      server.close();
    }
  });

  it('verifies a published checksum, and refuses a mismatch without installing anything', async () => {
    const bytes = bzip2(await tarOf(piperEntries(NAME)));
    const right = createHash('sha256').update(bytes).digest('hex');
    const { baseUrl, server } = await publisher(bytes);
    try {
      await expect(
        installFromUrl(NAME, { modelsDir, catalogue: [entryFor(NAME, baseUrl, 'ab'.repeat(32))] }),
      ).rejects.toMatchObject({ code: 'CHECKSUM_MISMATCH', message: expect.stringContaining(right) });
      expect(await leftovers()).toEqual([]);
      const manifest = await installFromUrl(NAME, { modelsDir, catalogue: [entryFor(NAME, baseUrl, right)] });
      expect(manifest.checksum).toBe('verified');
    } finally {
      server.close();
    }
  });

  it('leaves nothing installed and nothing in .incoming when the download is cut off', async () => {
    const bytes = bzip2(
      await tarOf([
        ...piperEntries(NAME),
        { name: `${NAME}/big.bin`, body: Buffer.from(createHash('sha512').update('x').digest('hex').repeat(2000)) },
      ]),
    );
    const { baseUrl, server } = await publisher(bytes, true);
    try {
      await expect(
        installFromUrl(NAME, { modelsDir, catalogue: [entryFor(NAME, baseUrl, null)] }),
      ).rejects.toMatchObject({ code: 'DOWNLOAD_FAILED' });
      expect(await leftovers()).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('points catalogue URLs at baseUrl, and runs verify before the model becomes visible', async () => {
    const bytes = bzip2(await tarOf(piperEntries(NAME)));
    const { baseUrl, server } = await publisher(bytes);
    const published = entryFor(NAME, 'https://github.com/k2-fsa/sherpa-onnx/releases/download', null);
    try {
      const refusing = installFromUrl(NAME, {
        modelsDir,
        catalogue: [published],
        baseUrl,
        verify: async (folder) => {
          expect(await readdir(folder)).toContain(MANIFEST_FILE);
          expect(await listInstalled({ modelsDir })).toEqual([]);
          throw new Error('the probe could not load it');
        },
      });
      await expect(refusing).rejects.toMatchObject({
        code: 'VERIFY_FAILED',
        message: expect.stringContaining('probe'),
      });
      expect(await leftovers()).toEqual([]);
      const manifest = await installFromUrl(NAME, { modelsDir, catalogue: [published], baseUrl });
      expect(manifest.source).toEqual({ kind: 'url', url: `${baseUrl}/tts-models/${NAME}.tar.bz2` });
    } finally {
      server.close();
    }
  });

  it('cleans what an interrupted install left in .incoming', async () => {
    const stale = path.join(modelsDir, '.incoming', 'abc', 'unpacked');
    await mkdir(stale, { recursive: true });
    await writeFile(path.join(stale, 'half.onnx'), 'partial');
    await cleanLeftovers({ modelsDir });
    expect(await leftovers()).toEqual([]);
  });
});
