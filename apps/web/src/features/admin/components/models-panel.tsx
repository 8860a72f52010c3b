import * as Dialog from '@radix-ui/react-dialog';
import type { InstalledModel } from '@sayso/contract/models';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { adminModelsKey, adminModelsQuery, removeModel } from '../api/admin-models';
import { adminSessionKey, isAdminSignedOutError, useSignOutAdmin } from '../api/admin-session';
import { useToast } from '../hooks/use-toast';
import { AdminTopBar } from './admin-top-bar';
import { EngineStatus } from './engine-status';
import { LeaveDialog } from './leave-dialog';
import { CatalogueTable, InstalledModels, LicenceWarning } from './model-tables';
import { ModelUpload } from './model-upload';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle } from './styles';

/** The model manager: what is installed on this server, installing from a file, and the catalogue. */
export function ModelsPanel() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const signOut = useSignOutAdmin();
  const models = useQuery(adminModelsQuery);
  const [leaving, setLeaving] = useState(false);
  const [removing, setRemoving] = useState<InstalledModel | null>(null);
  const signedOut = isAdminSignedOutError(models.error);

  useEffect(() => {
    if (signedOut) queryClient.setQueryData(adminSessionKey, null);
  }, [signedOut, queryClient]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: adminModelsKey });
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
            disabled={models.isFetching}
            aria-busy={models.isFetching}
            onClick={() => void models.refetch()}
          >
            {models.isFetching ? <Spinner /> : <RefreshCw aria-hidden className="h-4 w-4" />}
            Refresh
          </button>
        </div>

        {data?.licenceWarning ? <LicenceWarning models={warned} /> : null}

        {data ? (
          <div className="mt-8 flex flex-col gap-8">
            <ModelUpload
              limitBytes={data.uploadLimitBytes}
              onInstalled={(model) => {
                toast('models', `Installed ${model.name}.`, 'success');
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
                  Models published by sherpa-onnx. Download one on the server with{' '}
                  <code className="font-mono whitespace-nowrap">npm run models -- install NAME</code>; sizes are
                  approximate.
                </p>
              </div>
              <CatalogueTable models={data.catalogue} />
            </section>
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
