import { DemoSection } from '@/features/marketing/components/demo-section';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { PricingShowcase } from '@/features/pricing/components/pricing-showcase';
import { usePageTitle } from '@/lib/page-title';

export default function LandingPage() {
  usePageTitle('Text to human-sounding voice');
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
