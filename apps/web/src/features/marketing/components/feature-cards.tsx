import { ArrowRight, AudioLines, type LucideIcon, Mic } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from '@/components/ui/section-heading';
import { readSessionUser } from '@/lib/account/session-user';
import { useSignIn } from '@/lib/sign-in/use-sign-in';

interface FeatureCard {
  testId: string;
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
  action: string;
}

const FEATURE_CARDS: FeatureCard[] = [
  {
    testId: 'feature-card-minimax',
    to: '/dashboard3',
    icon: Mic,
    title: 'MiniMax integration',
    description: 'Clone a voice from a short recording, or speak with MiniMax’s ready-made preset voices.',
    points: [
      'Clone from 10 seconds to 5 minutes of audio or video',
      'Keep up to five cloned voices on your account',
      'Follow along with a transcript of every clip',
    ],
    action: 'Open the cloning studio',
  },
  {
    testId: 'feature-card-elevenlabs',
    to: '/dashboard2',
    icon: AudioLines,
    title: 'ElevenLabs support',
    description: 'Browse a large library of expressive preset voices and choose the speech model that fits.',
    points: [
      'Preview each voice before you choose it',
      'Switch between multilingual and fast models',
      'Fine-tune speed, pitch and volume, then download MP3',
    ],
    action: 'Open the voice library',
  },
];

export function FeatureCards() {
  const { signIn } = useSignIn();
  // Signed in, a card is a plain link; signed out, it signs in first and then goes to the studio.
  const openStudio = (event: React.MouseEvent, to: string) => {
    if (readSessionUser()) return;
    event.preventDefault();
    void signIn(to);
  };
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading
        id="features-heading"
        eyebrow="Two studios"
        title="Preset voices or your own, side by side"
        description="Sayso connects to two speech providers, and each studio is built around what its provider does best."
      />
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {FEATURE_CARDS.map((card) => (
          <Link
            key={card.testId}
            to={card.to}
            data-testid={card.testId}
            onClick={(event) => openStudio(event, card.to)}
            className="group flex flex-col rounded-card border border-line bg-card p-6 shadow-sm transition hover:border-accent hover:shadow-md sm:p-8"
          >
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-control bg-accent-soft text-accent">
              <card.icon aria-hidden className="h-6 w-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-ink">{card.title}</h3>
            <p className="mt-2 text-muted">{card.description}</p>
            <ul className="mt-4 space-y-2 text-sm text-muted">
              {card.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" />
                  {point}
                </li>
              ))}
            </ul>
            <span className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-accent">
              {card.action}
              <ArrowRight aria-hidden className="h-4 w-4 transition-transform group-hover:translate-x-1" />
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
