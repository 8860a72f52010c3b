import type { HealthReport } from '@sayso/contract/site';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { adminHealthQuery, HEALTH_POLL_MS } from '../api/admin-health';
import { adminSessionKey, isAdminSignedOutError, useSignOutAdmin } from '../api/admin-session';
import { useToast } from '../hooks/use-toast';
import { AdminTopBar } from './admin-top-bar';
import {
  DatabaseCard,
  EnginesCard,
  formatElapsed,
  HealthBanner,
  ModelsCard,
  QueueCard,
  StorageCard,
  VersionsCard,
} from './health-sections';
import { LeaveDialog } from './leave-dialog';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle } from './styles';

/** The time now, read again every second, so "Updated N s ago" counts up between reports. */
function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function updatedText(updatedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - updatedAt) / 1000));
  return seconds < 1 ? 'Updated just now' : `Updated ${formatElapsed(seconds)} ago`;
}

/**
 * /admin-panel/health: how the server is doing, in plain words, read again every few seconds
 * (the staff report at /api/admin/health): the verdict first, then each part and why it is down.
 */
export function HealthPanel() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const signOut = useSignOutAdmin();
  const health = useQuery(adminHealthQuery);
  const [leaving, setLeaving] = useState(false);
  // Only a click shows the spinner: the report also refreshes itself every few seconds.
  const [refreshing, setRefreshing] = useState(false);
  const now = useNow();
  const signedOut = isAdminSignedOutError(health.error);

  useEffect(() => {
    // The admin session ended (expired, or logged out elsewhere): back to the login form.
    if (signedOut) queryClient.setQueryData(adminSessionKey, null);
  }, [signedOut, queryClient]);

  const refresh = () => {
    setRefreshing(true);
    void health.refetch().finally(() => setRefreshing(false));
  };
  const logout = () =>
    signOut.mutate(undefined, { onError: (error) => toast('session', `Logout failed: ${error.message}`, 'error') });

  return (
    <div className="min-h-screen bg-surface text-ink">
      <AdminTopBar onLeave={() => setLeaving(true)} onLogout={logout} loggingOut={signOut.isPending} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Health</h1>
            <p className="mt-2 text-base text-muted sm:text-lg">
              How this server is doing, checked every {HEALTH_POLL_MS / 1000} seconds.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {health.data ? (
              <p className="text-sm text-muted" data-testid="health-updated">
                {updatedText(health.dataUpdatedAt, now)}
              </p>
            ) : null}
            <button
              type="button"
              className={buttonStyles.smallSecondary}
              disabled={refreshing}
              aria-busy={refreshing}
              onClick={refresh}
            >
              {refreshing ? <Spinner /> : <RefreshCw aria-hidden className="h-4 w-4" />}
              Refresh
            </button>
          </div>
        </div>

        {health.data ? (
          <>
            {health.isError ? (
              <RefreshFailed message={health.error.message} onRetry={refresh} retrying={refreshing} />
            ) : null}
            <HealthReportView report={health.data} />
          </>
        ) : health.isError ? (
          <LoadFailed message={health.error.message} onRetry={refresh} retrying={refreshing} />
        ) : (
          <div className="mt-16 flex items-center justify-center gap-3 text-sm text-muted" role="status">
            <Spinner className="h-5 w-5" />
            Checking the server…
          </div>
        )}
      </main>
      <LeaveDialog open={leaving} onOpenChange={setLeaving} />
    </div>
  );
}

function HealthReportView({ report }: { report: HealthReport }) {
  return (
    <>
      <HealthBanner report={report} />
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-flow-row-dense md:grid-cols-2 lg:grid-cols-3">
        <EnginesCard engines={report.engines} />
        <QueueCard queue={report.queue} />
        <DatabaseCard database={report.database} version={report.versions.database} />
        <StorageCard storage={report.storage} />
        <ModelsCard models={report.models} />
        <VersionsCard versions={report.versions} databaseKind={report.database.kind} process={report.process} />
      </div>
    </>
  );
}

interface FailureProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

function RetryButton({ onRetry, retrying }: Omit<FailureProps, 'message'>) {
  return (
    <button
      type="button"
      className={buttonStyles.smallSecondary}
      onClick={onRetry}
      disabled={retrying}
      aria-busy={retrying}
    >
      {retrying ? <Spinner /> : <RefreshCw aria-hidden className="h-4 w-4" />}
      Try again
    </button>
  );
}

/** A report was read before: it stays on screen, marked as old, while the page keeps trying. */
function RefreshFailed({ message, onRetry, retrying }: FailureProps) {
  return (
    <div
      role="alert"
      className="mt-8 flex flex-col gap-3 rounded-card border border-danger/30 bg-danger-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 text-sm break-words text-danger">
        <p className="font-semibold">Couldn't refresh the report; the last one read is shown below.</p>
        <p className="mt-1">{message}</p>
      </div>
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

function LoadFailed({ message, onRetry, retrying }: FailureProps) {
  return (
    <div role="alert" className={`mt-8 flex flex-col items-center px-6 py-16 text-center ${cardStyle}`}>
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <CircleAlert aria-hidden className="h-6 w-6" />
      </span>
      <h2 className="mt-4 font-semibold text-ink">Couldn't check the server's health</h2>
      <p className="mt-1 max-w-sm text-sm break-words text-muted">{message}</p>
      <div className="mt-4">
        <RetryButton onRetry={onRetry} retrying={retrying} />
      </div>
    </div>
  );
}
