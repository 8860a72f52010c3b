import { Play } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { useVoiceOffer } from '@/lib/site/voice-offer';
import { Waveform } from './waveform';

export const DEMO_SECTION_ID = 'demo-section';

function scrollToDemo() {
  const section = document.getElementById(DEMO_SECTION_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Move keyboard focus along with the view so the next Tab lands inside the demo.
  section.focus({ preventScroll: true });
}

/**
 * The hero's promise, by what this server speaks with (decision 0004): "sounds human" only with
 * neural voices. The two versions are about as long, so the swap once the settings arrive does
 * not move the page below.
 */
export const HERO_COPY = {
  natural: {
    headline: 'Turn your text into a voice that sounds human',
    summary:
      'Type a script, pick a natural voice or clone your own from a short recording, and get speech ready for videos, lessons, podcasts and products in seconds.',
  },
  builtIn: {
    headline: 'Turn your text into clear speech in many languages',
    summary:
      'Type a script, pick a voice in one of dozens of languages or shape one from a short recording, and get speech for videos, lessons and products in seconds. Natural neural voices are one install away.',
  },
} as const;

export function HeroSection() {
  const copy = useVoiceOffer().natural ? HERO_COPY.natural : HERO_COPY.builtIn;
  return (
    <section className="bg-linear-to-b from-accent-soft to-surface">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20 lg:pt-24">
        <img src="/logo.svg" alt="Sayso logo" width={72} height={72} className="mx-auto h-16 w-16 sm:h-18 sm:w-18" />
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl">
          {copy.headline}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-muted sm:text-lg">{copy.summary}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <button type="button" onClick={scrollToDemo} className={`${buttonStyles.primary} px-6 py-3 text-base`}>
            <Play aria-hidden className="h-4 w-4" />
            Try Demo
          </button>
          <Link to="/pricing" className={`${buttonStyles.secondary} px-6 py-3 text-base`}>
            See pricing
          </Link>
        </div>
        <Waveform className="mx-auto mt-12 max-w-4xl" />
      </div>
    </section>
  );
}
