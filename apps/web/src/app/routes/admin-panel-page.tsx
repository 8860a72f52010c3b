import { CircleAlert, RefreshCw } from 'lucide-react';
import { useMatch } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useAdminSession } from '@/features/admin/api/admin-session';
import { ChoosePasswordForm } from '@/features/admin/components/choose-password-form';
import { HealthPanel } from '@/features/admin/components/health-panel';
import { LoginForm } from '@/features/admin/components/login-form';
import { ModelsPanel } from '@/features/admin/components/models-panel';
import { buttonStyles, cardStyle } from '@/features/admin/components/styles';
import { Toasts } from '@/features/admin/components/toasts';
import { UserDetailPanel } from '@/features/admin/components/user-detail-panel';
import { UsersPanel } from '@/features/admin/components/users-panel';
import { usePageTitle } from '@/lib/page-title';

/**
 * /admin-panel: not behind the user session guard; staff log in here with their own account.
 * The server's session cookie decides, on every visit, whether the login form or the panel shows.
 */
export default function AdminPanelPage() {
  usePageTitle('Admin Panel');
  return (
    <Toasts>
      <AdminPanel />
    </Toasts>
  );
}

function AdminPanel() {
  const session = useAdminSession();
  const onModels = useMatch('/admin-panel/models') !== null;
  const onHealth = useMatch('/admin-panel/health') !== null;
  const userUid = useMatch('/admin-panel/users/:uid')?.params.uid;
  if (session.isPending) return <PageLoading />;
  if (session.isError) {
    return <SessionCheckFailed message={session.error.message} onRetry={() => void session.refetch()} />;
  }
  if (!session.data) return <LoginForm />;
  // Signed in with a one-time password: nothing but choosing a new one until that is done.
  if (session.data.mustChangePassword) return <ChoosePasswordForm admin={session.data.admin} />;
  if (onHealth) return <HealthPanel />;
  if (userUid) return <UserDetailPanel uid={userUid} />;
  return onModels ? <ModelsPanel /> : <UsersPanel admin={session.data.admin} />;
}

function SessionCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 text-ink">
      <section className={`w-full max-w-sm p-8 text-center ${cardStyle}`}>
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-danger-soft text-danger">
          <CircleAlert aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-xl font-semibold">Admin Panel unavailable</h1>
        <p className="mt-2 text-sm text-muted">{message}</p>
        <button type="button" className={`${buttonStyles.secondary} mt-6`} onClick={onRetry}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          Try again
        </button>
      </section>
    </main>
  );
}
