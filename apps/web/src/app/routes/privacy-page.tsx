import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '@/features/marketing/components/legal-page';
import { useSupportEmail } from '@/features/marketing/hooks/use-support-email';
import { usePageTitle } from '@/lib/page-title';

function privacySections(supportEmail: string): LegalSection[] {
  return [
    {
      id: 'data-we-store',
      title: 'What we store',
      body: (
        <ul>
          <li>
            <strong>Account details</strong>: your name and email address, and your password in a form that cannot be
            read back. If you sign in with single sign-on, also the profile picture and the identifier that provider
            gives us.
          </li>
          <li>
            <strong>Balance and credits</strong>: your credit balance, your money balance in PKR, and a record of every
            purchase, top-up and generation that changed them.
          </li>
          <li>
            <strong>Generated audio</strong>: the text you convert, the settings you chose, and the resulting audio and
            transcript files.
          </li>
          <li>
            <strong>Uploaded samples</strong>: the recordings you upload to clone a voice, and the cloned voices made
            from them.
          </li>
          <li>
            <strong>Preferences</strong>, such as the voice you chose last.
          </li>
        </ul>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it',
      body: (
        <p>
          We use your data only to run Sayso for you: to sign you in, generate and store your audio, keep your balance
          correct, answer your support requests and prevent abuse. We do not sell your data, show you advertising or use
          your samples to train models.
        </p>
      ),
    },
    {
      id: 'providers',
      title: 'Voice providers',
      body: (
        <p>
          When you use a voice from MiniMax or ElevenLabs, the text you convert, and for cloning the sample you upload,
          is sent to that provider to produce the audio. Their privacy policies cover what they do with it. Speech made
          by the built-in local engine never leaves our server.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>Sayso uses essential cookies only. There are no analytics, advertising or tracking cookies.</p>
          <ul>
            <li>
              <strong>Session cookie</strong>: keeps you signed in. Your browser cannot read it from scripts, and it
              lasts up to 7 days.
            </li>
            <li>
              <strong>User cookie</strong>: holds your name, email and picture so the interface can show who is signed
              in. It is never used to decide what you may do, and it also lasts up to 7 days.
            </li>
          </ul>
          <p>Signing out removes both.</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          We keep your account, balance history, generated audio and cloned voices for as long as your account is open.
          Deleting a cloned voice deletes it from your account. When you ask us to close your account, we delete your
          content and personal details within 30 days, except records of payments that we must keep for accounting,
          which are kept only as long as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your choices and rights',
      body: (
        <p>
          You can ask us for a copy of your data, ask us to correct it, or ask us to delete your account at any time.
          Write to us from the email address of your account so we can confirm it is you.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Your audio and samples are available only to your account. We protect the service with encrypted connections
          where it is served over HTTPS, access controls and regular updates. No system is perfectly secure, so please
          tell us at once if you notice anything wrong.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          Sayso is for adults aged 18 or older, as our <Link to="/terms">terms of service</Link> require. We do not
          knowingly collect data from children.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions or requests about your privacy? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. If we
          change this policy, we will update the date at the top of this page.
        </p>
      ),
    },
  ];
}

export default function PrivacyPage() {
  usePageTitle('Privacy Policy');
  const supportEmail = useSupportEmail();
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated="Last updated: August 25, 2025"
      intro="What Sayso stores about you, why, and for how long. The short version: only what is needed to run the service."
      sections={privacySections(supportEmail)}
    />
  );
}
