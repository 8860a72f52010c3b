import type { Plugin } from 'vite';

/**
 * The one font file nearly every page needs: Inter, variable weight, Latin letters. The stylesheet
 * names it (@fontsource-variable/inter), but the browser only finds out once that stylesheet has
 * arrived and the page's text has been laid out; until then the text shows in a fallback font and
 * shifts when Inter replaces it.
 */
const CRITICAL_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Tells the browser about that font in index.html's head, so it downloads alongside the
 * stylesheet and scripts rather than after them. Fonts are fetched in CORS mode, hence
 * `crossorigin` (without it the preloaded copy would not be reused).
 */
export function preloadCriticalFont(): Plugin {
  return {
    name: 'sayso-preload-critical-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((fileName) => CRITICAL_FONT.test(fileName));
        if (!font)
          throw new Error(
            'the build has no Inter Latin font file to preload (was @fontsource-variable/inter changed?)',
          );
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
