import { Play } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
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

export function HeroSection() {
  return (
    <section className="bg-linear-to-b from-accent-soft to-surface">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20 lg:pt-24">
        <img src="/logo.svg" alt="Sayso logo" width={72} height={72} className="mx-auto h-16 w-16 sm:h-18 sm:w-18" />
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl">
          Turn your text into a voice that sounds human
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-muted sm:text-lg">
          Type a script, pick a natural voice or clone your own from a short recording, and get speech ready for videos,
          lessons, podcasts and products in seconds.
        </p>
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
