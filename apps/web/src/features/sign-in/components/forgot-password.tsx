import { useId, useState } from 'react';
import { requestPasswordReset } from '../api/password-reset';

const inputClass =
  'mt-1 block w-full rounded-control border border-line bg-white px-3 py-2 text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30';

const SENT =
  'If an account uses this email, a link to choose a new password is on its way. It works for one hour; check your spam folder too.';

/**
 * "Forgot password?" under the sign-in form. Where outgoing mail is set up it mails a reset link;
 * elsewhere it says who can help, since only staff can make a reset link then.
 */
export function ForgotPassword({ mailOffered }: { mailOffered: boolean }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState('');
  const id = useId();

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setState('sending');
    try {
      await requestPasswordReset(email.trim());
      setState('sent');
    } catch (caught) {
      setFailure(
        caught instanceof Error && caught.message ? caught.message : 'Could not send the link. Please try again.',
      );
      setState('failed');
    }
  }

  return (
    <div className="text-sm">
      <button
        type="button"
        className="font-semibold text-accent hover:underline"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        Forgot password?
      </button>
      {open ? (
        <div id={`${id}-panel`} className="mt-3 rounded-control border border-line bg-surface p-4">
          {mailOffered ? (
            state === 'sent' ? (
              <p role="status" className="text-ink">
                {SENT}
              </p>
            ) : (
              <form onSubmit={(event) => void send(event)} className="space-y-3">
                <label htmlFor={`${id}-email`} className="block font-medium text-ink">
                  Email of your account
                  <input
                    id={`${id}-email`}
                    type="email"
                    className={inputClass}
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    autoComplete="email"
                    required
                  />
                </label>
                {state === 'failed' ? (
                  <p role="alert" className="text-danger">
                    {failure}
                  </p>
                ) : null}
                <button
                  type="submit"
                  disabled={state === 'sending'}
                  className="w-full rounded-control border border-line bg-white px-4 py-2 font-semibold text-ink hover:border-accent hover:text-accent disabled:opacity-60"
                >
                  {state === 'sending' ? 'Sending…' : 'Email me a reset link'}
                </button>
              </form>
            )
          ) : (
            <p className="text-ink">
              This server does not send email, so a new password comes from staff: ask them for a one-time reset link,
              and open it to choose your new password.
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
