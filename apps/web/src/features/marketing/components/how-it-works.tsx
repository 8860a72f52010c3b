import { Download, LogIn, type LucideIcon, PenLine, Users } from 'lucide-react';
import { SectionHeading } from '@/components/ui/section-heading';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const STEPS: Step[] = [
  {
    icon: LogIn,
    title: 'Sign in',
    text: 'Log in with one click. Every new account starts with 10,000 free credits to explore both studios.',
  },
  {
    icon: Users,
    title: 'Choose a voice',
    text: 'Pick a preset voice from the library, or upload a clean sample and clone a voice of your own.',
  },
  {
    icon: PenLine,
    title: 'Type your script',
    text: 'Paste or write your text and adjust speed, pitch and volume. Each character costs one credit.',
  },
  {
    icon: Download,
    title: 'Listen and download',
    text: 'Play the result right in the browser, then download the audio for your video, course or app.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="border-y border-line bg-card">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="how-heading"
          eyebrow="How it works"
          title="From text to speech in four steps"
          description="No software to install and no subscription to manage."
        />
        <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-card bg-surface p-6">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent text-sm font-bold text-white">
                  {index + 1}
                </span>
                <step.icon aria-hidden className="h-5 w-5 text-accent" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
