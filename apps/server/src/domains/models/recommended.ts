import type { CatalogueEntry } from '../../models/catalogue.js';

export const KOKORO_MODEL = 'kokoro-multi-lang-v1_0';
export const DENOISER_MODEL = 'gtcrn_simple';
/** Pocket TTS clones from a short sample; its licence and consent notice is shown before it is chosen. */
export const POCKET_FAMILY = 'pocket';

export interface RecommendedChoice {
  /** Catalogue entries in install order, each with what it is there for. */
  models: { entry: CatalogueEntry; covers: string[] }[];
  /** Asked-for languages no catalogue voice speaks. */
  uncovered: string[];
}

/** `de-DE`, `DE` and `de` are all German: the primary subtag, lower case. */
export function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** Commercial use allowed first, then unsettled, then forbidden: an operator selling speech should not get a trap by default. */
const licenceRank = (entry: CatalogueEntry) =>
  entry.commercialUse === true ? 0 : entry.commercialUse === null ? 1 : 2;
/** Piper's quality is the name's last part; higher sounds better for a little more download. */
const QUALITY = ['high', 'medium', 'low', 'x_low'];
const qualityRank = (entry: CatalogueEntry) => {
  const rank = QUALITY.findIndex((quality) => entry.name.endsWith(`-${quality}`));
  return rank === -1 ? QUALITY.length : rank;
};

/** The one Piper voice to install for a language, or undefined when the catalogue has none. */
function piperFor(language: string, catalogue: readonly CatalogueEntry[]): CatalogueEntry | undefined {
  return catalogue
    .filter(
      (entry) => entry.family === 'vits' && entry.name.startsWith('vits-piper-') && entry.languages.includes(language),
    )
    .sort(
      (a, b) => licenceRank(a) - licenceRank(b) || qualityRank(a) - qualityRank(b) || a.name.localeCompare(b.name),
    )[0];
}

/**
 * The set of catalogue models that gives natural voices for `languages`: Kokoro for every
 * language its catalogue entry lists, one Piper voice for each other language, the GTCRN denoiser
 * (clone samples come out cleaner), and, when `cloning` is asked for, Pocket TTS.
 */
export function recommendedModels(
  languages: readonly string[],
  catalogue: readonly CatalogueEntry[],
  { cloning }: { cloning: boolean },
): RecommendedChoice {
  const wanted = [...new Set(languages.map(primaryLanguage).filter((code) => /^[a-z]{2,3}$/.test(code)))];
  const models: RecommendedChoice['models'] = [];
  const uncovered: string[] = [];
  const kokoro = catalogue.find((entry) => entry.name === KOKORO_MODEL);
  const kokoroCovers = wanted.filter((language) => kokoro?.languages.includes(language));
  if (kokoro && kokoroCovers.length > 0) models.push({ entry: kokoro, covers: kokoroCovers });
  for (const language of wanted) {
    if (kokoroCovers.includes(language)) continue;
    const piper = piperFor(language, catalogue);
    if (!piper) {
      uncovered.push(language);
      continue;
    }
    const already = models.find((model) => model.entry.name === piper.name);
    if (already) already.covers.push(language);
    else models.push({ entry: piper, covers: [language] });
  }
  const denoiser = catalogue.find((entry) => entry.name === DENOISER_MODEL);
  if (denoiser) models.push({ entry: denoiser, covers: ['denoiser'] });
  const pocket = catalogue.find((entry) => entry.family === POCKET_FAMILY);
  if (cloning && pocket) models.push({ entry: pocket, covers: ['cloning'] });
  return { models, uncovered };
}
