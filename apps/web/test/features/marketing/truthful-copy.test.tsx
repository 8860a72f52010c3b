import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '@/app/layouts/site-footer';
import LandingTitleProbe from '@/app/routes/landing-page';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { json, renderDashboard, stubApi } from '../../support/render-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Offer = { naturalVoices: boolean; neuralCloning: boolean; cloudProviders: string[] };

const ESPEAK_ONLY: Offer = { naturalVoices: false, neuralCloning: false, cloudProviders: [] };
const LOCAL_NEURAL: Offer = { naturalVoices: true, neuralCloning: true, cloudProviders: [] };
const CLOUD: Offer = { naturalVoices: true, neuralCloning: true, cloudProviders: ['minimax', 'elevenlabs'] };

function serveConfig(offer: Offer) {
  stubApi({
    'GET /api/config': () => json({ productName: 'Sayso', chatNumber: null, supportEmail: 'help@x.example', ...offer }),
  });
}

const HUMAN = 'Turn your text into a voice that sounds human';

describe('landing copy claims only what the server offers', () => {
  it('with eSpeak alone: no human-sounding or natural claims, and no provider named', async () => {
    serveConfig(ESPEAK_ONLY);
    renderDashboard(
      <>
        <HeroSection />
        <FeatureCards />
        <SiteFooter />
      </>,
      { route: '/somewhere' },
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Turn your text into clear speech in many languages',
    );
    // Give the settings time to arrive, so a late switch to the human claim would be seen.
    await vi.waitFor(() => expect(screen.getByText(/Clear speech from your text/)).toBeInTheDocument());
    expect(screen.getByText(/Natural neural voices are one install away/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/sounds human|MiniMax|ElevenLabs|Natural speech/);
    expect(screen.getByRole('heading', { name: 'Voice cloning' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preset voice library' })).toBeInTheDocument();
    expect(screen.getByText(/the built-in engine matches its pitch and pace/)).toBeInTheDocument();
  });

  it('with a neural model installed: the voices are called natural, still without naming a provider', async () => {
    serveConfig(LOCAL_NEURAL);
    renderDashboard(
      <>
        <HeroSection />
        <FeatureCards />
        <SiteFooter />
      </>,
      { route: '/somewhere' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: HUMAN })).toBeInTheDocument();
    expect(screen.getByText(/Natural speech from your text/)).toBeInTheDocument();
    expect(screen.getByText(/natural neural voices installed on this server/)).toBeInTheDocument();
    expect(screen.getByText(/a neural model learns how it sounds/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/MiniMax|ElevenLabs/);
  });

  it('with the cloud providers serving the studios: the cards name them', async () => {
    serveConfig(CLOUD);
    renderDashboard(<FeatureCards />, { route: '/somewhere' });
    expect(await screen.findByRole('heading', { name: 'MiniMax integration' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ElevenLabs support' })).toBeInTheDocument();
  });

  it("names the landing page's tab by the same rule", async () => {
    serveConfig(LOCAL_NEURAL);
    renderDashboard(<LandingTitleProbe />, { route: '/somewhere' });
    await vi.waitFor(() => expect(document.title).toBe('Text to human-sounding voice - Sayso'));
    cleanup();
    serveConfig(ESPEAK_ONLY);
    renderDashboard(<LandingTitleProbe />, { route: '/somewhere' });
    await vi.waitFor(() => expect(document.title).toBe('Text to speech in many languages - Sayso'));
  });
});
