import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { usePageTitle } from '@/lib/page-title';
import { reportToOpener } from '@/lib/sign-in/open-sign-in-popup';
import { describeOAuthError } from '@/lib/sign-in/popup-message';

/** /auth/popup/done: where the identity provider sends the popup back; it reports and closes. */
export default function SignInDonePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const errorCode = params.get('error');
  const [orphanError, setOrphanError] = useState<string | null>(null);
  usePageTitle(orphanError ? 'Sign-in did not finish' : 'Finishing sign-in');

  useEffect(() => {
    const outcome = errorCode ? { ok: false as const, error: describeOAuthError(errorCode) } : { ok: true as const };
    if (reportToOpener(outcome)) return;
    if (outcome.ok) navigate('/dashboard', { replace: true });
    else setOrphanError(outcome.error);
  }, [errorCode, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4">
      {orphanError ? (
        <div className="max-w-sm text-center">
          <h1 className="text-xl font-bold text-ink">Sign-in did not finish</h1>
          <p role="alert" className="mt-2 text-sm text-danger">
            {orphanError}
          </p>
          <a href="/" className="mt-4 inline-block text-sm font-semibold text-accent hover:underline">
            Back to Sayso
          </a>
        </div>
      ) : (
        <>
          <h1 className="sr-only">Finishing sign-in</h1>
          <PageLoading />
        </>
      )}
    </main>
  );
}
