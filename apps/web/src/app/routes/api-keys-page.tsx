import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { CreateKeyForm } from '@/features/api-keys/components/create-key-form';
import { KeyList } from '@/features/api-keys/components/key-list';
import { NewSecretPanel } from '@/features/api-keys/components/new-secret-panel';
import { QuickStartCard } from '@/features/api-keys/components/quick-start-card';
import { SigningSecretCard } from '@/features/api-keys/components/signing-secret-card';
import { useCreateKeyForm } from '@/features/api-keys/hooks/use-create-key-form';
import { usePageTitle } from '@/lib/page-title';

/** /dashboard/api-keys: create, list and revoke the keys that let scripts and SDKs call Sayso. */
export default function ApiKeysPage() {
  usePageTitle('API keys');
  const form = useCreateKeyForm();

  return (
    <DashboardShell
      title="API keys"
      subtitle="Call Sayso from your own code with the OpenAI or ElevenLabs SDK. Usage is paid from your credits."
      backTo="/dashboard"
    >
      {/* The form and the list get the full width; the reference cards sit side by side below them. */}
      <div className="space-y-6">
        {form.created ? <NewSecretPanel created={form.created} onDone={form.dismissCreated} /> : null}
        <CreateKeyForm form={form} />
        <KeyList />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <QuickStartCard origin={window.location.origin} />
          <SigningSecretCard />
        </div>
      </div>
    </DashboardShell>
  );
}
