import { AudioLines, BookOpen, Coins, Mic } from 'lucide-react';
import { Link } from 'react-router';
import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { buttonStyles } from '@/components/ui/button-styles';
import { useAccountIdentity } from '@/features/account/hooks/use-account-identity';
import { StudioCard } from '@/features/dashboard/components/studio-card';
import { RecentGenerations } from '@/features/history/components/recent-generations';
import { usePageTitle } from '@/lib/page-title';

const PRESET_FACTS = [
  'Preview voices before you pick one',
  'Adjust speed, pitch and volume',
  'Download the result as MP3',
] as const;

const CLONE_FACTS = [
  'A 10-second to 5-minute sample, up to 20 MB',
  'Keep up to 5 voices of your own',
  'Up to 5,000 characters per generation',
] as const;

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useAccountIdentity();
  const greeting = user?.firstName ? `Good to see you, ${user.firstName}. ` : '';

  return (
    <DashboardShell title="Welcome to Sayso" subtitle={`${greeting}Choose a studio to turn your text into speech.`}>
      <div className="grid gap-6 md:grid-cols-2">
        <StudioCard
          to="/dashboard2"
          icon={AudioLines}
          title="Preset voices"
          description="Type or paste any text and hear it read by a ready-made voice from the library."
          facts={PRESET_FACTS}
        />
        <StudioCard
          to="/dashboard3"
          icon={Mic}
          title="Cloned voices"
          description="Upload a short recording of a voice, create a clone of it and speak any text with it."
          facts={CLONE_FACTS}
        />
      </div>
      <section
        aria-labelledby="projects-title"
        className="mt-6 flex flex-col gap-4 rounded-card border border-line bg-card p-6 shadow-sm sm:flex-row sm:items-center"
      >
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <BookOpen aria-hidden className="h-5 w-5" />
        </span>
        <div className="flex-1">
          <h2 id="projects-title" className="font-semibold text-ink">
            Audiobooks and long-form audio
          </h2>
          <p className="mt-1 text-sm text-muted">
            Import a manuscript (.txt, .md, .epub, .docx), give each character a voice and export the chapters.
          </p>
        </div>
        <Link to="/projects" className={`${buttonStyles.soft} shrink-0`}>
          Projects
        </Link>
      </section>
      <div className="mt-6">
        <RecentGenerations />
      </div>
      <section
        aria-labelledby="more-credits-title"
        className="mt-6 flex flex-col gap-4 rounded-card border border-line bg-card p-6 shadow-sm sm:flex-row sm:items-center"
      >
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <Coins aria-hidden className="h-5 w-5" />
        </span>
        <div className="flex-1">
          <h2 id="more-credits-title" className="font-semibold text-ink">
            Need more credits?
          </h2>
          <p className="mt-1 text-sm text-muted">
            Speech costs 1 credit per character. Buy a credit pack with your balance; credits never expire.
          </p>
        </div>
        <Link to="/pricing" className={`${buttonStyles.soft} shrink-0`}>
          See pricing
        </Link>
      </section>
    </DashboardShell>
  );
}
