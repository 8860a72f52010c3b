import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE, type CatalogueEntry } from '../../src/models/catalogue.js';
import {
  cleanLeftovers,
  installFromFile,
  installFromUrl,
  listInstalled,
  ModelInstallError,
  PUBLISHER_BASE_URL,
  removeModel,
  resolveUrl,
} from '../../src/models/installer.js';
import { startModelMirror } from '../helpers/model-mirror.js';
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

  it('fetches every catalogue file from MODEL_DOWNLOAD_BASE_URL, extras such as the vocoder included', () => {
    const mirror = 'http://127.0.0.1:9/mirror';
    const urls = CATALOGUE.flatMap((entry) => [entry.url, ...(entry.extras ?? []).map((extra) => extra.url)]);
    expect(urls.some((url) => url.endsWith('vocos_24khz.onnx'))).toBe(true);
    for (const url of urls) {
      expect(resolveUrl(url, mirror)).toBe(`${mirror}${url.slice(PUBLISHER_BASE_URL.length)}`);
    }
  });

  it('downloads a ZipVoice archive and its vocoder from the mirror, at the publisher paths', async () => {
    const mirror = await startModelMirror();
    try {
      const entry = zipvoiceEntry();
      mirror.serve('/tts-models/zipvoice-test.tar.gz', gzip(await tarOf(zipvoiceEntries(false))));
      mirror.serve('/vocoder-models/vocos_24khz.onnx', Buffer.alloc(4096, 5));
      const manifest = await installFromUrl(entry.name, { modelsDir, catalogue: [entry], baseUrl: mirror.baseUrl });
      expect(manifest.files).toContain('vocos_24khz.onnx');
      expect(mirror.requests.map((request) => request.path)).toEqual([
        '/tts-models/zipvoice-test.tar.gz',
        '/vocoder-models/vocos_24khz.onnx',
      ]);
    } finally {
      await mirror.close();
    }
  });

  it('installs ZipVoice from a file offline, with the vocoder inside the archive or given as a second file', async () => {
    const entry = zipvoiceEntry();
    const offline = (() => Promise.reject(new Error('offline'))) as typeof fetch;
    const inside = await archiveFile('zipvoice-test.tar.gz', gzip(await tarOf(zipvoiceEntries(true))));
    const first = await installFromFile(inside, { modelsDir, catalogue: [entry], fetch: offline });
    expect(first.files).toContain('vocos_24khz.onnx');
    await removeModel(entry.name, { modelsDir });

    const without = await archiveFile('zipvoice-test.tar.gz', gzip(await tarOf(zipvoiceEntries(false))));
    // Without the vocoder and without a network, the install says why and leaves nothing.
    await expect(installFromFile(without, { modelsDir, catalogue: [entry], fetch: offline })).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
    });
    // The removal above leaves its empty .trash folder; nothing else may remain.
    expect((await leftovers()).filter((name) => name !== '.trash')).toEqual([]);
    const vocoder = await archiveFile('my-vocos-copy.onnx', Buffer.alloc(4096, 5));
    const second = await installFromFile(without, {
      modelsDir,
      catalogue: [entry],
      fetch: offline,
      extraFiles: [vocoder],
    });
    // Named as the model expects, whatever the operator's copy was called.
    expect(second.files).toContain('vocos_24khz.onnx');
    expect(await readFile(path.join(modelsDir, entry.name, 'vocos_24khz.onnx'))).toEqual(Buffer.alloc(4096, 5));
  });

  it('resumes a cut download with a Range request and installs the model', async () => {
    const bytes = bzip2(await tarOf(piperEntries(NAME)));
    const mirror = await startModelMirror();
    try {
      mirror.serve(`/tts-models/${NAME}.tar.bz2`, bytes, { cutAfter: Math.floor(bytes.length / 2) });
      const manifest = await installFromUrl(NAME, { modelsDir, catalogue: [entryFor(NAME, mirror.baseUrl, null)] });
      expect(manifest.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(mirror.requests.map((request) => request.range)).toEqual([null, `bytes=${Math.floor(bytes.length / 2)}-`]);
      expect(await leftovers()).toEqual([NAME]);
    } finally {
      await mirror.close();
    }
  });

  it('installs nothing and leaves no staging files when the mirror stalls or the install is cancelled', async () => {
    const bytes = Buffer.concat([bzip2(await tarOf(piperEntries(NAME))), Buffer.alloc(200_000)]);
    const mirror = await startModelMirror();
    try {
      const catalogue = [entryFor(NAME, mirror.baseUrl, null)];
      mirror.serve(`/tts-models/${NAME}.tar.bz2`, bytes, { stallAfter: 1000 });
      await expect(installFromUrl(NAME, { modelsDir, catalogue, stallTimeoutMs: 300 })).rejects.toMatchObject({
        code: 'DOWNLOAD_STALLED',
        message: expect.stringContaining('nothing was installed'),
      });
      expect(await leftovers()).toEqual([]);

      mirror.serve(`/tts-models/${NAME}.tar.bz2`, bytes, { bytesPerSecond: 40_000 });
      const controller = new AbortController();
      const stagingSeen: string[] = [];
      const cancelled = installFromUrl(NAME, {
        modelsDir,
        catalogue,
        signal: controller.signal,
        onProgress: () => {
          if (stagingSeen.length > 0) return;
          void leftovers().then((found) => {
            stagingSeen.push(...found);
            controller.abort();
          });
        },
      });
      await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(stagingSeen.some((name) => name.startsWith('.incoming/'))).toBe(true);
      expect(await leftovers()).toEqual([]);
    } finally {
      await mirror.close();
    }
  });
});

function zipvoiceEntry(): CatalogueEntry {
  return {
    name: 'zipvoice-test',
    family: 'zipvoice',
    title: 'ZipVoice test',
    url: `${PUBLISHER_BASE_URL}/tts-models/zipvoice-test.tar.gz`,
    sizeBytes: 1000,
    license: 'Apache-2.0',
    commercialUse: null,
    languages: ['en'],
    voices: { count: 0, names: [] },
    sampleRate: 24_000,
    sha256: null,
    extras: [
      { fileName: 'vocos_24khz.onnx', url: `${PUBLISHER_BASE_URL}/vocoder-models/vocos_24khz.onnx`, sha256: null },
    ],
  };
}

/** ZipVoice's layout as published (encoder, decoder, tokens), with or without the vocoder repacked inside. */
function zipvoiceEntries(withVocoder: boolean) {
  const folder = 'zipvoice-test';
  return [
    { name: `${folder}/`, type: 'directory' as const },
    { name: `${folder}/encoder.int8.onnx`, body: Buffer.alloc(1024, 1) },
    { name: `${folder}/decoder.int8.onnx`, body: Buffer.alloc(1024, 2) },
    { name: `${folder}/tokens.txt`, body: '_ 0\na 1\n' },
    ...(withVocoder ? [{ name: `${folder}/vocos_24khz.onnx`, body: Buffer.alloc(4096, 5) }] : []),
  ];
}
