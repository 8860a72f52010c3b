import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { PageLoading } from '@/components/ui/page-loading';
import { type ExternalProvider, signInOptionsQuery, startExternalSignIn } from '@/features/sign-in/api/sign-in';
import { ForgotPassword } from '@/features/sign-in/components/forgot-password';
import { type AccountFormMode, LocalAccountForm } from '@/features/sign-in/components/local-account-form';
import { usePageTitle } from '@/lib/page-title';
import { reportToOpener } from '@/lib/sign-in/open-sign-in-popup';

const HEADINGS: Record<AccountFormMode, { heading: string; tab: string }> = {
  'sign-in': { heading: 'Sign in to Sayso', tab: 'Sign in' },
  'sign-up': { heading: 'Create your Sayso account', tab: 'Create an account' },
};

const providerButton =
  'flex w-full items-center justify-center gap-2 rounded-control border border-line bg-white px-4 py-2.5 text-sm font-semibold text-ink hover:border-accent hover:text-accent disabled:opacity-60';

/** /auth/popup: the sign-in window. It lists what this installation offers and reports back to its opener. */
export default function SignInPopupPage() {
  const options = useQuery(signInOptionsQuery);
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState<ExternalProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<AccountFormMode>('sign-in');
  usePageTitle(HEADINGS[mode].tab);

  function finishLocal() {
    // Opened without an opener (a new tab, say): carry on in this window.
    if (!reportToOpener({ ok: true })) navigate('/dashboard', { replace: true });
  }

  async function continueWith(provider: ExternalProvider) {
    setError(null);
    setRedirecting(provider);
    try {
      window.location.assign(await startExternalSignIn(provider));
    } catch (caught) {
      setRedirecting(null);
      setError(caught instanceof Error && caught.message ? caught.message : 'Login failed');
    }
  }

  const external: { id: ExternalProvider; label: string }[] = [];
  if (options.data?.google) external.push({ id: 'google', label: 'Continue with Google' });
  if (options.data?.oidc) external.push({ id: 'oidc', label: `Continue with ${options.data.oidc.name}` });

  return (
    <main className="flex min-h-screen items-start justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-sm rounded-card border border-line bg-card p-6 shadow-sm sm:p-8">
        <div className="flex justify-center">
          {/* Not a link: the popup exists to sign in, and the landing page belongs in the main window. */}
          <Logo linkHome={false} />
        </div>
        <h1 className="mt-6 text-center text-2xl font-bold text-ink">{HEADINGS[mode].heading}</h1>
        <p className="mt-2 text-center text-sm text-muted">New accounts start with 10,000 free credits.</p>
        {options.isPending && <PageLoading />}
        {options.isError && (
          <p role="alert" className="mt-6 text-center text-sm text-danger">
            {options.error.message}
          </p>
        )}
        {options.data && (
          <div className="mt-6 space-y-6">
            {external.length > 0 && (
              <div className="space-y-3">
                {external.map((provider) => (
                  <button
                    key={provider.id}
                    type="button"
                    className={providerButton}
                    disabled={redirecting !== null}
                    onClick={() => void continueWith(provider.id)}
                  >
                    {redirecting === provider.id ? 'Redirecting…' : provider.label}
                  </button>
                ))}
                {error && (
                  <p role="alert" className="text-sm text-danger">
                    {error}
                  </p>
                )}
              </div>
            )}
            {external.length > 0 && options.data.local && (
              <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
                <span className="h-px flex-1 bg-line" />
                or
                <span className="h-px flex-1 bg-line" />
              </div>
            )}
            {options.data.local && <LocalAccountForm mode={mode} onModeChange={setMode} onSignedIn={finishLocal} />}
            {options.data.local && mode === 'sign-in' && (
              <ForgotPassword mailOffered={options.data.passwordReset === true} />
            )}
            {external.length === 0 && !options.data.local && (
              <p role="alert" className="text-center text-sm text-danger">
                No sign-in method is configured on this server.
              </p>
            )}
          </div>
        )}
      </div>
    </main>
  );
}
