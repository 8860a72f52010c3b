import { DemoSection } from '@/features/marketing/components/demo-section';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { PricingShowcase } from '@/features/pricing/components/pricing-showcase';
import { usePageTitle } from '@/lib/page-title';
import { useVoiceOffer } from '@/lib/site/voice-offer';

export default function LandingPage() {
  // The tab promises a human-sounding voice only where the voices are neural (decision 0004).
  usePageTitle(useVoiceOffer().natural ? 'Text to human-sounding voice' : 'Text to speech in many languages');
  return (
    <>
      <HeroSection />
      <FeatureCards />
      <DemoSection />
      <HowItWorks />
      <PricingShowcase />
    </>
  );
}
