import { DemoSection } from '@/features/marketing/components/demo-section';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { PricingShowcase } from '@/features/pricing/components/pricing-showcase';

export default function LandingPage() {
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
