import * as Dialog from '@radix-ui/react-dialog';
import { type InstalledModel, type InstallJob, isActiveInstall, type ModelList } from '@sayso/contract/models';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { adminModelsKey, adminModelsQuery, cancelInstall, installModel, removeModel } from '../api/admin-models';
import { adminSessionKey, isAdminSignedOutError, useSignOutAdmin } from '../api/admin-session';
import { useToast } from '../hooks/use-toast';
import { AdminTopBar } from './admin-top-bar';
import { EngineStatus } from './engine-status';
import { LeaveDialog } from './leave-dialog';
import { InstallJobs } from './install-jobs';
import { CatalogueTable, InstalledModels, LicenceWarning } from './model-tables';
import { ModelUpload } from './model-upload';
import { RecommendedVoices } from './recommended-voices';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle } from './styles';

/** Puts a job the server just answered with into the cached list, so the page shows it before the next poll. */
function withJob(list: ModelList | undefined, job: InstallJob): ModelList | undefined {
  if (!list) return list;
  return { ...list, jobs: [...list.jobs.filter((other) => other.name !== job.name), job] };
}

/** Toasts each install that finishes while the page is open (the jobs themselves live on the server). */
function useFinishedInstalls(jobs: InstallJob[] | undefined, announce: (job: InstallJob) => void) {
  const seen = useRef(new Map<string, InstallJob['state']>());
  useEffect(() => {
    for (const job of jobs ?? []) {
      const before = seen.current.get(job.name);
      if (before && isActiveInstall({ state: before }) && !isActiveInstall(job)) announce(job);
      seen.current.set(job.name, job.state);
    }
  }, [jobs, announce]);
}

/** The model manager: one-click installs, what is installed on this server, the catalogue, and installing from a file. */
export function ModelsPanel() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const signOut = useSignOutAdmin();
  const models = useQuery(adminModelsQuery);
  const [leaving, setLeaving] = useState(false);
  // Only a click shows the spinner: the list also refreshes itself every few seconds.
  const [refreshing, setRefreshing] = useState(false);
  const [removing, setRemoving] = useState<InstalledModel | null>(null);
  const signedOut = isAdminSignedOutError(models.error);

  useEffect(() => {
    if (signedOut) queryClient.setQueryData(adminSessionKey, null);
  }, [signedOut, queryClient]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: adminModelsKey });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const mark = (name: string, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  /** Runs a job request for one model: marks it busy, merges the answer, and says what went wrong. */
  const jobRequest = (name: string, request: (name: string) => Promise<InstallJob>, failure: string, merge = true) => {
    mark(name, true);
    request(name)
      .then((job) => {
        if (merge) queryClient.setQueryData<ModelList>(adminModelsKey, (list) => withJob(list, job));
      })
      .catch((error: unknown) =>
        toast('models', `${failure}: ${error instanceof Error ? error.message : String(error)}`, 'error'),
      )
      .finally(() => {
        mark(name, false);
        reload();
      });
  };
  const install = (name: string) => jobRequest(name, installModel, `Could not install ${name}`);
  const cancel = (name: string) => jobRequest(name, cancelInstall, `Could not cancel ${name}`);
  // The same request on a finished job forgets it; its answer is not put back in the list.
  const dismiss = (name: string) => jobRequest(name, cancelInstall, `Could not dismiss ${name}`, false);
  useFinishedInstalls(models.data?.jobs, (job) => {
    if (job.state === 'installed') toast('models', `Installed ${job.name}.`, 'success');
    else if (job.state === 'failed') toast('models', `${job.name} was not installed.`, 'error');
  });
  const logout = () =>
    signOut.mutate(undefined, { onError: (error) => toast('session', `Logout failed: ${error.message}`, 'error') });

  const data = models.data;
  const warned = data?.installed.filter((model) => model.licenceWarning) ?? [];

  return (
    <div className="min-h-screen bg-surface text-ink">
      <AdminTopBar onLeave={() => setLeaving(true)} onLogout={logout} loggingOut={signOut.isPending} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Speech models</h1>
            <p className="mt-2 text-base text-muted sm:text-lg">
              Install and remove the models this server speaks with.
            </p>
          </div>
          <button
            type="button"
            className={buttonStyles.smallSecondary}
            disabled={refreshing}
            aria-busy={refreshing}
            onClick={() => {
              setRefreshing(true);
              void models.refetch().finally(() => setRefreshing(false));
            }}
          >
            {refreshing ? <Spinner /> : <RefreshCw aria-hidden className="h-4 w-4" />}
            Refresh
          </button>
        </div>

        {data?.licenceWarning ? <LicenceWarning models={warned} /> : null}

        {data ? (
          <div className="mt-8 flex flex-col gap-8">
            <InstallJobs
              jobs={data.jobs}
              catalogue={data.catalogue}
              pending={pending}
              onCancel={cancel}
              onRetry={install}
              onDismiss={dismiss}
            />
            <RecommendedVoices
              catalogue={data.catalogue}
              onStarted={(set) => {
                const count = set.jobs.length;
                toast('models', count === 1 ? 'Installing 1 model.' : `Installing ${count} models.`, 'success');
                reload();
              }}
            />
            <EngineStatus engines={data.engines} />
            <section aria-labelledby="installed-models-title" className={`overflow-hidden ${cardStyle}`}>
              <div className="border-b border-line p-4 sm:p-6">
                <h2 id="installed-models-title" className="text-lg font-semibold">
                  Installed on this server
                </h2>
                <p className="mt-1 text-sm text-muted">
                  {data.installed.length === 1 ? '1 model' : `${data.installed.length} models`}
                </p>
              </div>
              <InstalledModels models={data.installed} onRemove={setRemoving} />
            </section>
            <section aria-labelledby="catalogue-title" className={`overflow-hidden ${cardStyle}`}>
              <div className="border-b border-line p-4 sm:p-6">
                <h2 id="catalogue-title" className="text-lg font-semibold">
                  Catalogue
                </h2>
                <p className="mt-1 text-sm text-muted">
                  Models published by sherpa-onnx. Install downloads one to this server (sizes are approximate); on a
                  shell, <code className="font-mono">npm run models -- install NAME</code> does the same.
                </p>
              </div>
              <CatalogueTable models={data.catalogue} jobs={data.jobs} starting={pending} onInstall={install} />
            </section>
            <ModelUpload
              limitBytes={data.uploadLimitBytes}
              onInstalled={(model) => {
                toast('models', `Installed ${model.name}.`, 'success');
                reload();
              }}
            />
          </div>
        ) : models.isError ? (
          <LoadFailed message={models.error.message} onRetry={() => void models.refetch()} />
        ) : (
          <div className="mt-16 flex justify-center text-muted" role="status">
            <Spinner />
            <span className="sr-only">Loading models…</span>
          </div>
        )}
      </main>
      <RemoveDialog model={removing} onClose={() => setRemoving(null)} onRemoved={reload} />
      <LeaveDialog open={leaving} onOpenChange={setLeaving} />
    </div>
  );
}

function RemoveDialog({
  model,
  onClose,
  onRemoved,
}: {
  model: InstalledModel | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const toast = useToast();
  const remove = useMutation({
    mutationFn: removeModel,
    onSuccess: (_result, name) => {
      toast('models', `Removed ${name}.`, 'success');
      onRemoved();
      onClose();
    },
  });
  return (
    <ModalDialog
      open={model !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      busy={remove.isPending}
      title="Remove model"
      description={`Remove ${model?.name ?? ''} from this server? Its files are deleted; voices that use it stop working until it is installed again.`}
      actions={
        <>
          <Dialog.Close type="button" className={buttonStyles.secondary} disabled={remove.isPending}>
            Cancel
          </Dialog.Close>
          <button
            type="button"
            className={buttonStyles.danger}
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => model && remove.mutate(model.name)}
          >
            {remove.isPending ? <Spinner /> : null}
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
        </>
      }
    >
      {remove.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {remove.error.message}
        </p>
      ) : null}
    </ModalDialog>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`mt-8 flex flex-col items-center px-6 py-16 text-center ${cardStyle}`}>
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <CircleAlert aria-hidden className="h-6 w-6" />
      </span>
      <h3 className="mt-4 font-semibold text-ink">Couldn't load models</h3>
      <p className="mt-1 max-w-sm text-sm text-muted">{message}</p>
      <button type="button" className={`${buttonStyles.smallSecondary} mt-4`} onClick={onRetry}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        Try again
      </button>
    </div>
  );
}
