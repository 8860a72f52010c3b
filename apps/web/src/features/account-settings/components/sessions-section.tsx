import { Monitor } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { PageLoading } from '@/components/ui/page-loading';
import { formatDateTime } from '@/lib/format';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useSessions } from '../api/sessions';
import { deviceName } from '../lib/device-name';
import { errorMessage } from '../lib/error-message';
import { AccountSection } from './account-section';

/** Where the account is signed in, with a way to sign out everywhere but here. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <AccountSection
      id="sessions"
      title="Where you are signed in"
      description="Each browser or device that is signed in to your account. Sign out the ones you do not know."
    >
      {sessions.isPending ? <PageLoading /> : null}
      {sessions.isError ? (
        <InlineMessage tone="error" messageKey={sessions.error.message}>
          {errorMessage(sessions.error)}
        </InlineMessage>
      ) : null}
      {sessions.data ? (
        <ul className="divide-y divide-line rounded-control border border-line">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex items-start gap-3 px-4 py-3">
              <Monitor aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">
                  {deviceName(session.userAgent)}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-muted">
                  {session.ipAddress ? `${session.ipAddress} · ` : ''}last active {formatDateTime(session.lastActiveAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 space-y-3">
        {endOthers.isError ? (
          <InlineMessage tone="error" messageKey={endOthers.error.message}>
            {errorMessage(endOthers.error)}
          </InlineMessage>
        ) : null}
        {endOthers.isSuccess ? (
          <InlineMessage tone="success" messageKey={`ended-${endOthers.submittedAt}`}>
            {endOthers.data.ended === 0
              ? 'You were not signed in anywhere else.'
              : `Signed out of ${endOthers.data.ended} other ${endOthers.data.ended === 1 ? 'session' : 'sessions'}.`}
          </InlineMessage>
        ) : null}
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={endOthers.isPending || others === 0}
          aria-busy={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
        </button>
      </div>
    </AccountSection>
  );
}
