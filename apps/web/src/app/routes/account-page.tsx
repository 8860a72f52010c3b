import { DashboardShell } from '@/app/layouts/dashboard-shell';
import { InlineMessage } from '@/components/ui/inline-message';
import { PageLoading } from '@/components/ui/page-loading';
import { useProfile } from '@/features/account-settings/api/profile';
import { BillingSection } from '@/features/account-settings/components/billing-section';
import { DataSection } from '@/features/account-settings/components/data-section';
import { DeleteSection } from '@/features/account-settings/components/delete-section';
import { PasswordSection } from '@/features/account-settings/components/password-section';
import { ProfileSection } from '@/features/account-settings/components/profile-section';
import { SessionsSection } from '@/features/account-settings/components/sessions-section';
import { usePageTitle } from '@/lib/page-title';

/** /account: name, email, password, sessions, billing, the data export and deleting the account. */
export default function AccountPage() {
  usePageTitle('Account');
  const profile = useProfile();

  return (
    <DashboardShell title="Account" subtitle="Your sign-in, your money and your data." backTo="/dashboard">
      {profile.isPending ? <PageLoading /> : null}
      {profile.isError ? (
        <InlineMessage tone="error" messageKey={profile.error.message}>
          {profile.error.message || 'Could not load your account. Please try again.'}
        </InlineMessage>
      ) : null}
      {profile.data ? (
        <div className="space-y-6">
          <ProfileSection profile={profile.data} />
          {profile.data.hasPassword ? <PasswordSection /> : null}
          <SessionsSection />
          <BillingSection />
          <DataSection />
          <DeleteSection email={profile.data.email} />
        </div>
      ) : null}
    </DashboardShell>
  );
}
