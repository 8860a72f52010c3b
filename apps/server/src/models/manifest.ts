/**
 * What the model manager records about an installed model, in `sayso-model.json` inside the
 * model's folder (`DATA_DIR/models/<name>/`). The sherpa engine reads these records to know which
 * models exist; the folder appears only after its files were verified, so a record on disk always
 * describes a complete model.
 */
export const MANIFEST_FILE = 'sayso-model.json';

/** The sherpa-onnx model families the product runs; `gtcrn` is the denoiser, not a voice. */
export const MODEL_FAMILIES = ['vits', 'matcha', 'kokoro', 'kitten', 'pocket', 'zipvoice', 'gtcrn'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** Families that clone a voice from reference audio (ZipVoice also needs the sample's transcript). */
export const CLONING_FAMILIES: ReadonlySet<ModelFamily> = new Set(['pocket', 'zipvoice']);

export interface ModelManifest {
  /** Folder name and id: letters, digits, '-', '_' and '.' (Piper names such as `vits-piper-de_DE-…` keep their capitals). */
  name: string;
  family: ModelFamily;
  title: string;
  /** ISO 639-1 codes; empty when unknown (an archive that is not in the catalogue). */
  languages: string[];
  /** The licence's name (SPDX id where there is one), or 'unknown'. */
  license: string;
  /** Whether the licence allows selling what the model speaks; null when unknown. */
  commercialUse: boolean | null;
  /** Bytes of the installed folder. */
  sizeBytes: number;
  /** SHA-256 of the archive it was installed from. */
  sha256: string;
  /** 'verified': matched the catalogue's checksum; 'recorded': no published checksum, so only recorded. */
  checksum: 'verified' | 'recorded';
  /** Where it came from: a catalogue URL, or a file the operator supplied. */
  source: { kind: 'url'; url: string } | { kind: 'file'; fileName: string };
  installedAt: string;
  /** The catalogue's voices (count, and names where known); absent for archives it does not know. */
  voices?: { count: number; names: string[] };
  /** Output sample rate in Hz, where the catalogue knows it. */
  sampleRate?: number;
  /** Why the licence needs a second look, where the catalogue says so. */
  licenseNote?: string;
  /** Every file of the model, relative to its folder, so an engine can find its parts without listing. */
  files?: string[];
}
