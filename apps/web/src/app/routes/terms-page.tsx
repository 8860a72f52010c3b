import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '@/features/marketing/components/legal-page';
import { useSupportEmail } from '@/features/marketing/hooks/use-support-email';
import { usePageTitle } from '@/lib/page-title';

function termsSections(supportEmail: string): LegalSection[] {
  return [
    {
      id: 'agreement',
      title: 'Agreeing to these terms',
      body: (
        <p>
          These terms govern your use of Sayso, including the website, the speech and voice-cloning studios and any
          credits you buy. By creating an account or using the service you accept them. If you do not agree, please do
          not use Sayso.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who may use Sayso',
      body: (
        <p>
          You must be <strong>18 years of age or older</strong> to create an account or use the service. By using Sayso
          you confirm that you are, and that you can enter into a binding agreement.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <p>
          You sign in with your email address and a password, or, where this site offers single sign-on, with an account
          from that provider. Keep your password (and any account you sign in with) secure: you are responsible for
          everything done through your Sayso account. Tell us straight away if you think someone else has used it.
        </p>
      ),
    },
    {
      id: 'credits',
      title: 'Credits, payments and refunds',
      body: (
        <>
          <p>
            Generating speech uses credits at one credit per character of text. New accounts receive a starting amount
            of credits at no charge. Additional credits are sold in packs as one-time payments in Pakistani rupees
            (PKR), paid from your account balance. There are no subscriptions and no automatic renewals.
          </p>
          <p>
            Credits do not expire, have no cash value and cannot be transferred to another account. Credits you buy are{' '}
            <strong>refundable within 14 days of purchase if they have not been used</strong>; to ask for a refund,
            contact us at the address below. Credits that have been spent, and the free starting credits, are not
            refundable.
          </p>
          <p>
            We may change pack prices in future. A change never affects credits you have already bought. Prices are
            shown on the <Link to="/pricing">pricing page</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>You agree not to use Sayso to:</p>
          <ul>
            <li>
              clone a voice without the <strong>clear consent of the person who owns it</strong>, or upload a sample you
              do not have the right to use;
            </li>
            <li>
              impersonate a real person, or make people believe that synthetic speech is a real recording of them;
            </li>
            <li>commit fraud, including scams, phishing and getting around voice-based security checks;</li>
            <li>create content that harasses, threatens, defames or discriminates against anyone;</li>
            <li>break the law or infringe anyone’s copyright, privacy or other rights;</li>
            <li>disrupt, overload, probe or reverse engineer the service, or get around its limits.</li>
          </ul>
          <p>
            When you share audio made with Sayso where it could be mistaken for a real person, we ask you to say that it
            is synthetic.
          </p>
        </>
      ),
    },
    {
      id: 'content',
      title: 'Your content',
      body: (
        <p>
          You keep the rights to the text and samples you upload and to the audio you generate, subject to these terms
          and to the rights of anyone whose voice you use. You give us permission to store and process that content only
          as needed to run the service for you, including sending it to the voice provider that produces your audio.
        </p>
      ),
    },
    {
      id: 'providers',
      title: 'Voice providers',
      body: (
        <p>
          Some voices and features are provided by third parties, currently MiniMax and ElevenLabs. When you use them,
          your text and, for cloning, your sample are sent to that provider, and its own terms also apply. Sayso also
          includes a built-in local engine that processes your text on our own server.
        </p>
      ),
    },
    {
      id: 'availability',
      title: 'Availability and changes',
      body: (
        <p>
          We work to keep Sayso running well, but we do not promise that it will always be available or free of errors.
          We may change, add or remove features, voices and models. If we stop offering the service entirely, we will
          give notice and refund unused purchased credits.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      body: (
        <p>
          You can stop using Sayso at any time and ask us to close your account. We may suspend or close an account that
          breaks these terms, particularly the acceptable-use rules, and may remove cloned voices or audio that do.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers and limitation of liability',
      body: (
        <>
          <p>
            Sayso is provided “as is”. Synthetic speech can mispronounce words or sound different from what you expect;
            check your audio before you publish it. To the extent the law allows, we disclaim all implied warranties,
            including fitness for a particular purpose.
          </p>
          <p>
            To the extent the law allows, we are not liable for indirect or consequential losses, and our total
            liability to you is limited to the amount you paid us in the 12 months before the claim.
          </p>
        </>
      ),
    },
    {
      id: 'law',
      title: 'Governing law and disputes',
      body: (
        <>
          <p>
            These terms are governed by the laws of the <strong>State of California</strong>, without regard to its
            conflict-of-law rules.
          </p>
          <p>
            Any dispute arising from these terms or the service will be resolved by{' '}
            <strong>binding arbitration in San Francisco, California</strong>, before a single arbitrator, rather than
            in court. Either party may still bring an individual claim in small-claims court where it qualifies. Please
            contact us first: most problems can be solved quickly by talking.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. When we make a significant change we will tell you on the site before it takes
          effect. Continuing to use Sayso after that means you accept the new terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Our{' '}
          <Link to="/privacy">privacy policy</Link> explains how we handle your data.
        </p>
      ),
    },
  ];
}

export default function TermsPage() {
  usePageTitle('Terms of Service');
  const supportEmail = useSupportEmail();
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated="Last updated: August 25, 2025"
      intro="The rules for using Sayso, written to be read. Please take a few minutes to go through them."
      sections={termsSections(supportEmail)}
    />
  );
}
