import { ArrowRight, AudioLines, type LucideIcon, Mic } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from '@/components/ui/section-heading';
import { readSessionUser } from '@/lib/account/session-user';
import { useSignIn } from '@/lib/sign-in/use-sign-in';
import { type VoiceOffer, useVoiceOffer } from '@/lib/site/voice-offer';

interface FeatureCard {
  testId: string;
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
  action: string;
}

const CLONING_POINTS = [
  'Clone from 10 seconds to 5 minutes of audio or video',
  'Keep up to five cloned voices on your account',
  'Follow along with a transcript of every clip',
];
const TUNING_POINT = 'Fine-tune speed, pitch and volume, then download MP3';

/**
 * The two studio cards, worded by what this server offers (decision 0004): a provider is named
 * only when it serves the studio, and voices are called natural only when they are neural.
 */
export function featureCards(offer: VoiceOffer): FeatureCard[] {
  const clone = { testId: 'feature-card-minimax', to: '/dashboard3', icon: Mic, action: 'Open the cloning studio' };
  const preset = {
    testId: 'feature-card-elevenlabs',
    to: '/dashboard2',
    icon: AudioLines,
    action: 'Open the voice library',
  };
  return [
    offer.minimax
      ? {
          ...clone,
          title: 'MiniMax integration',
          description: 'Clone a voice from a short recording, or speak with MiniMax’s ready-made preset voices.',
          points: CLONING_POINTS,
        }
      : {
          ...clone,
          title: 'Voice cloning',
          description: offer.neuralCloning
            ? 'Clone a voice from a short recording: a neural model learns how it sounds.'
            : 'Shape a voice from a short recording: the built-in engine matches its pitch and pace.',
          points: CLONING_POINTS,
        },
    offer.elevenlabs
      ? {
          ...preset,
          title: 'ElevenLabs support',
          description: 'Browse a large library of expressive preset voices and choose the speech model that fits.',
          points: [
            'Preview each voice before you choose it',
            'Switch between multilingual and fast models',
            TUNING_POINT,
          ],
        }
      : {
          ...preset,
          title: 'Preset voice library',
          description: offer.natural
            ? 'Browse the natural neural voices installed on this server and pick the one that fits.'
            : 'Browse clear voices in dozens of languages from the built-in speech engine.',
          points: [
            'Preview each voice before you choose it',
            'Speak any of the languages the voices cover',
            TUNING_POINT,
          ],
        },
  ];
}

export function FeatureCards() {
  const { signIn } = useSignIn();
  const offer = useVoiceOffer();
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
        description={
          offer.minimax || offer.elevenlabs
            ? 'Sayso connects to speech providers, and each studio is built around what its voices do best.'
            : 'One studio for ready-made voices, one for a voice of your own.'
        }
      />
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {featureCards(offer).map((card) => (
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
