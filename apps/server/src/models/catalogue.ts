import type { ModelFamily } from './manifest.js';

/**
 * The models the product knows how to install by name: sherpa-onnx's published archives. Facts
 * come from sherpa-onnx's documentation (k2-fsa.github.io/sherpa/onnx/tts) and each model's own
 * card. Sizes are the archives' approximate download sizes, for the operator's orientation only;
 * nothing is decided by them. sherpa-onnx publishes no checksums for its release assets, so every
 * `sha256` is null and the installer records the archive's checksum instead of verifying it.
 */
export interface CatalogueEntry {
  /** The archive's base name, which is also the folder it unpacks to and the model's id. */
  name: string;
  family: ModelFamily;
  title: string;
  url: string;
  /** Approximate download size in bytes. */
  sizeBytes: number;
  /** SPDX id of the model's licence, or 'unknown' where the card does not settle it. */
  license: string;
  /** Whether the licence allows selling what the model speaks; null when the card leaves it open. */
  commercialUse: boolean | null;
  /** Anything about the licence an operator should read before selling. */
  licenseNote?: string;
  /** ISO 639-1 codes. */
  languages: string[];
  voices: { count: number; names: string[] };
  sampleRate: number;
  /** Published SHA-256 of the archive; null where the publisher gives none (never guessed). */
  sha256: string | null;
  /** Files the model needs that the publisher ships separately, fetched into the model's folder. */
  extras?: { fileName: string; url: string; sha256: string | null }[];
}

const TTS_RELEASE = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models';
const MB = 1_000_000;

/** A Piper voice as converted by sherpa-onnx: low and x_low voices speak at 16 kHz, the others at 22.05 kHz. */
function piper(
  voice: string,
  facts: Pick<CatalogueEntry, 'title' | 'license' | 'commercialUse' | 'languages' | 'sizeBytes'> &
    Partial<Pick<CatalogueEntry, 'voices' | 'licenseNote'>>,
): CatalogueEntry {
  const name = `vits-piper-${voice}`;
  return {
    name,
    family: 'vits',
    url: `${TTS_RELEASE}/${name}.tar.bz2`,
    voices: { count: 1, names: [] },
    sampleRate: /-(x_)?low$/.test(voice) ? 16_000 : 22_050,
    sha256: null,
    ...facts,
  };
}

const PIPER_CARD_UNSETTLED =
  'The voice card on huggingface.co/rhasspy/piper-voices names the dataset; check its licence before selling.';

/**
 * Piper voices whose MODEL_CARD (huggingface.co/rhasspy/piper-voices, `<lang>/<voice>/medium/MODEL_CARD`)
 * says "Fine-tuned from English lessac medium": their weights start from lessac's, whose Blizzard 2013
 * data is licensed for research only (cstr.ed.ac.uk/projects/blizzard/2013/lessac_blizzard2013/license.html),
 * so their own dataset's licence does not make them safe to sell.
 */
const fineTunedFromLessac = (dataset: string) =>
  `Fine-tuned from Piper's lessac voice, whose Blizzard 2013 training data is for non-commercial use only; ` +
  `its own dataset (${dataset}) does not lift that. Take advice before selling.`;

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: 'kokoro-multi-lang-v1_0',
    family: 'kokoro',
    title: 'Kokoro 82M v1.0 (English, Chinese)',
    url: `${TTS_RELEASE}/kokoro-multi-lang-v1_0.tar.bz2`,
    sizeBytes: 333 * MB, // approximate
    license: 'Apache-2.0',
    commercialUse: true,
    languages: ['en', 'zh'],
    // 53 speakers (af_*, am_*, bf_*, bm_*, zf_*, zm_* and others); the engine reads their names from voices.bin.
    voices: { count: 53, names: [] },
    sampleRate: 24_000,
    sha256: null,
  },
  {
    name: 'kitten-nano-en-v0_1-fp16',
    family: 'kitten',
    title: 'KittenTTS nano v0.1 (English)',
    url: `${TTS_RELEASE}/kitten-nano-en-v0_1-fp16.tar.bz2`,
    sizeBytes: 26 * MB, // approximate
    license: 'Apache-2.0',
    commercialUse: true,
    languages: ['en'],
    voices: {
      count: 8,
      names: [
        'expr-voice-2-m',
        'expr-voice-2-f',
        'expr-voice-3-m',
        'expr-voice-3-f',
        'expr-voice-4-m',
        'expr-voice-4-f',
        'expr-voice-5-m',
        'expr-voice-5-f',
      ],
    },
    sampleRate: 24_000,
    sha256: null,
  },
  piper('en_US-amy-low', {
    title: 'Piper Amy, low (US English)',
    license: 'unknown',
    commercialUse: null,
    licenseNote: PIPER_CARD_UNSETTLED,
    languages: ['en'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('en_US-lessac-medium', {
    title: 'Piper Lessac, medium (US English)',
    license: 'LicenseRef-Blizzard-2013',
    commercialUse: false,
    licenseNote: 'Trained on the Blizzard 2013 Lessac data, which is licensed for non-commercial use only.',
    languages: ['en'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('en_US-libritts_r-medium', {
    title: 'Piper LibriTTS-R, medium (US English, 904 speakers)',
    license: 'CC-BY-4.0',
    commercialUse: false,
    licenseNote: fineTunedFromLessac('LibriTTS-R, CC-BY-4.0'),
    languages: ['en'],
    voices: { count: 904, names: [] },
    sizeBytes: 78 * MB, // approximate
  }),
  piper('de_DE-thorsten-medium', {
    title: 'Piper Thorsten, medium (German)',
    license: 'CC0-1.0',
    commercialUse: false,
    licenseNote: fineTunedFromLessac('Thorsten, CC0-1.0'),
    languages: ['de'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('fr_FR-siwis-medium', {
    title: 'Piper SIWIS, medium (French)',
    license: 'CC-BY-4.0',
    commercialUse: false,
    licenseNote: fineTunedFromLessac('SIWIS, CC-BY-4.0'),
    languages: ['fr'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('es_ES-davefx-medium', {
    title: 'Piper DaveFX, medium (Spanish)',
    license: 'CC0-1.0',
    commercialUse: false,
    licenseNote: fineTunedFromLessac('DaveFX, CC0-1.0'),
    languages: ['es'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('it_IT-riccardo-x_low', {
    title: 'Piper Riccardo, x-low (Italian)',
    license: 'unknown',
    commercialUse: null,
    licenseNote: PIPER_CARD_UNSETTLED,
    languages: ['it'],
    sizeBytes: 22 * MB, // approximate
  }),
  piper('pt_BR-faber-medium', {
    title: 'Piper Faber, medium (Brazilian Portuguese)',
    license: 'unknown',
    commercialUse: null,
    licenseNote: PIPER_CARD_UNSETTLED,
    languages: ['pt'],
    sizeBytes: 64 * MB, // approximate
  }),
  // Not nl_NL-mls-medium: sherpa-onnx's conversion script (scripts/piper/generate.py) no longer
  // builds it and its release lists have it commented out, so its address may answer 404. Alex is
  // in the script's Dutch list, from rhasspy/piper-voices, and in the lists the releases are built from.
  piper('nl_NL-alex-medium', {
    title: 'Piper Alex, medium (Dutch)',
    license: 'unknown',
    commercialUse: null,
    licenseNote: PIPER_CARD_UNSETTLED,
    languages: ['nl'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('ru_RU-irina-medium', {
    title: 'Piper Irina, medium (Russian)',
    license: 'unknown',
    commercialUse: null,
    licenseNote: PIPER_CARD_UNSETTLED,
    languages: ['ru'],
    sizeBytes: 64 * MB, // approximate
  }),
  piper('zh_CN-huayan-medium', {
    title: 'Piper Huayan, medium (Mandarin Chinese)',
    license: 'unknown',
    commercialUse: null,
    licenseNote: PIPER_CARD_UNSETTLED,
    languages: ['zh'],
    sizeBytes: 64 * MB, // approximate
  }),
  {
    name: 'sherpa-onnx-pocket-tts-int8-2026-01-26',
    family: 'pocket',
    title: 'Pocket TTS int8 (English, clones a voice from a short sample)',
    url: `${TTS_RELEASE}/sherpa-onnx-pocket-tts-int8-2026-01-26.tar.bz2`,
    sizeBytes: 98 * MB, // approximate; about 190 MB unpacked
    // The archive's own README (written by sherpa-onnx's .github/workflows/export-pocket-tts.yaml)
    // says: read the LICENSE of the ONNX export (huggingface.co/KevinAHM/pocket-tts-onnx), "It is for
    // non-commercial." Kyutai's original weights are CC-BY-4.0, but this archive is the export.
    license: 'LicenseRef-pocket-tts-onnx',
    commercialUse: false,
    licenseNote:
      'The ONNX export in this archive is for non-commercial use only (see its LICENSE and README); ' +
      'Kyutai’s original weights are CC-BY-4.0. Clone a person’s voice only with their consent.',
    languages: ['en'],
    voices: { count: 0, names: [] },
    sampleRate: 24_000,
    sha256: null,
  },
  {
    name: 'sherpa-onnx-zipvoice-distill-int8-zh-en-emilia',
    family: 'zipvoice',
    title: 'ZipVoice distill int8 (Chinese, English; clones a voice from a sample and its transcript)',
    url: `${TTS_RELEASE}/sherpa-onnx-zipvoice-distill-int8-zh-en-emilia.tar.bz2`,
    sizeBytes: 120 * MB, // approximate
    license: 'Apache-2.0',
    commercialUse: null,
    licenseNote:
      'The code and weights are Apache-2.0, but the model was trained on Emilia (CC-BY-NC-4.0); take advice before selling.',
    languages: ['zh', 'en'],
    voices: { count: 0, names: [] },
    sampleRate: 24_000,
    sha256: null,
    // sherpa-onnx ships the vocoder as its own release asset.
    extras: [
      {
        fileName: 'vocos_24khz.onnx',
        url: 'https://github.com/k2-fsa/sherpa-onnx/releases/download/vocoder-models/vocos_24khz.onnx',
        sha256: null,
      },
    ],
  },
  {
    name: 'gtcrn_simple',
    family: 'gtcrn',
    title: 'GTCRN speech denoiser (cleans clone samples)',
    url: 'https://github.com/k2-fsa/sherpa-onnx/releases/download/speech-enhancement-models/gtcrn_simple.onnx',
    sizeBytes: 600_000, // approximate: about half a megabyte
    license: 'MIT',
    commercialUse: true,
    languages: [],
    voices: { count: 0, names: [] },
    sampleRate: 16_000,
    sha256: null,
  },
];

export function findCatalogueEntry(
  name: string,
  catalogue: readonly CatalogueEntry[] = CATALOGUE,
): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.name === name);
}
