import { useSearchParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { ResetPasswordForm } from '@/features/sign-in/components/reset-password-form';
import { usePageTitle } from '@/lib/page-title';

/** /reset-password: where a mailed "Forgot password?" link lands (better-auth adds ?token= or ?error=). */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  return (
    <main className="flex min-h-screen items-start justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-sm rounded-card border border-line bg-card p-6 shadow-sm sm:p-8">
        <div className="flex justify-center">
          <Logo />
        </div>
        <h1 className="mt-6 text-center text-2xl font-bold text-ink">Choose a new password</h1>
        <div className="mt-6">
          <ResetPasswordForm token={params.get('token')} linkError={params.has('error')} />
        </div>
      </div>
    </main>
  );
}
