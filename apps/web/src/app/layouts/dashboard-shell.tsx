import type { ReactNode } from 'react';
import { TopBar } from './top-bar';

interface DashboardShellProps {
  /** The page's h1. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Shows a 'Back to dashboard' arrow leading here. */
  backTo?: string;
  /** The back arrow's name, when it leads somewhere other than the dashboard. */
  backLabel?: string;
  children: ReactNode;
}

/** The frame shared by the signed-in screens: the top bar with the account menus, then the page. */
export function DashboardShell({ title, subtitle, backTo, backLabel, children }: DashboardShellProps) {
  return (
    <div className="min-h-screen bg-surface text-ink">
      <TopBar backTo={backTo} backLabel={backLabel} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-base text-muted sm:text-lg">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}
