import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Voice } from '@sayso/contract/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voicesOfModel } from '../../src/engines/sherpa/model-voices.js';
import { MANIFEST_FILE, type ModelManifest } from '../../src/models/manifest.js';
import { buildTestApp } from '../helpers/build-app.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import { writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';

const manifest = (overrides: Partial<ModelManifest>): ModelManifest => ({
  name: 'vits-piper-en_US-lessac-medium',
  family: 'vits',
  title: 'Piper Lessac, medium (US English)',
  languages: ['en'],
  license: 'Apache-2.0',
  commercialUse: true,
  sizeBytes: 1,
  sha256: '0'.repeat(64),
  checksum: 'recorded',
  source: { kind: 'file', fileName: 'model.tar.bz2' },
  installedAt: '2026-11-25T00:00:00.000Z',
  ...overrides,
});

describe("a voice's licence note", () => {
  it("carries the catalogue's note when the model may not be used commercially", () => {
    const lessac = manifest({
      license: 'LicenseRef-Blizzard-2013',
      commercialUse: false,
      licenseNote: 'Trained on the Blizzard 2013 Lessac data, which is licensed for non-commercial use only.',
    });
    expect(voicesOfModel(lessac, { voice: 'en-us' }, 1).map((voice) => voice.licenseNote)).toEqual([
      'Trained on the Blizzard 2013 Lessac data, which is licensed for non-commercial use only.',
    ]);
  });

  it('says non-commercial with the licence name when the model has no note of its own', () => {
    const [voice] = voicesOfModel(manifest({ license: 'CC-BY-NC-4.0', commercialUse: false }), {}, 1);
    expect(voice?.licenseNote).toBe(
      'Piper Lessac, medium (US English): licensed (CC-BY-NC-4.0) for non-commercial use only.',
    );
  });

  it('has no note where commercial use is allowed or unknown, even when the catalogue says something else', () => {
    const attribution = manifest({ commercialUse: true, licenseNote: 'Attribution is required.' });
    expect(voicesOfModel(attribution, {}, 1)[0]?.licenseNote).toBeNull();
    expect(voicesOfModel(manifest({ commercialUse: null }), {}, 1)[0]?.licenseNote).toBeNull();
  });
});

describe('the preset voice list', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sayso-licence-note-'));
    await installStandIn(root, 'vits-piper-en_US-lessac-medium', 'vits', (folder) =>
      writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
    );
    // The stand-in's record says nothing of licences; give it the catalogue's Lessac terms.
    const record = path.join(root, 'vits-piper-en_US-lessac-medium', MANIFEST_FILE);
    const written = JSON.parse(await readFile(record, 'utf8')) as ModelManifest;
    await writeFile(
      record,
      JSON.stringify({
        ...written,
        commercialUse: false,
        license: 'LicenseRef-Blizzard-2013',
        licenseNote: 'Non-commercial use only.',
      }),
    );
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('tells the studio which installed voices may not be used commercially', async () => {
    const app = await buildTestApp({ env: { MODELS_DIR: root } });
    const voices = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as { voices: Voice[] };
    expect(voices.voices.map((voice) => [voice.voice_id, voice.kind, voice.license_note])).toEqual([
      ['vits-piper-en_US-lessac-medium.0', 'neural', 'Non-commercial use only.'],
    ]);
  });
});
