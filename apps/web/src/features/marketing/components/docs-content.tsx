import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSupportEmail } from '@/features/marketing/hooks/use-support-email';

export interface DocsSection {
  id: string;
  title: string;
  body: ReactNode;
}

function SupportBody() {
  const email = useSupportEmail();
  return (
    <>
      <p>
        Email us at <a href={`mailto:${email}`}>{email}</a>. Include the email address you sign in with, what you were
        doing, and any error message you saw; a screenshot helps too.
      </p>
      <p>
        For balance top-ups and payments, use the contact button on the <Link to="/pricing">pricing page</Link>. It
        opens a chat with your account email already filled in, or, where this site takes no chat payments yet, tells
        you which address to email.
      </p>
      <p>
        Many questions are already answered in the <Link to="/faqs">FAQs</Link>.
      </p>
    </>
  );
}

/** The documentation, section by section, in the order of the table of contents. */
export const DOCS_SECTIONS: readonly DocsSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    body: (
      <>
        <p>
          Sayso turns written text into speech and can clone a voice from a short recording. You can try it without an
          account using the demo on the <Link to="/">home page</Link>: pick one of five voices and type up to 150
          characters.
        </p>
        <ol>
          <li>
            Press <strong>Login</strong> in the header and sign in with your account. Every new account starts with{' '}
            <strong>10,000 credits</strong>.
          </li>
          <li>
            On your dashboard, open <strong>Preset voices</strong> to speak with a ready-made voice, or{' '}
            <strong>Cloned voices</strong> to create a voice from your own sample.
          </li>
          <li>
            Type or paste your text, press <strong>Generate Voice</strong>, then play or download the result.
          </li>
        </ol>
        <h3>Where the voices come from</h3>
        <p>
          What speaks depends on how the operator of your installation set it up. Sayso can work with two voice
          providers and has speech engines of its own:
        </p>
        <ul>
          <li>
            <strong>MiniMax</strong>, when connected, powers the cloning studio: voice cloning from your samples and a
            set of preset voices.
          </li>
          <li>
            <strong>ElevenLabs</strong>, when connected, powers the preset studio: a large voice library and a choice of
            speech models.
          </li>
          <li>
            <strong>Neural voice models</strong> installed on the Sayso server speak natural-sounding preset voices, and
            some clone voices, without a cloud account.
          </li>
          <li>
            The <strong>built-in engine</strong> (eSpeak NG) always runs on the server and speaks dozens of languages.
            Studios with nothing better use it: its voices are clear but audibly synthetic, and its clones approximate
            the sample rather than reproduce it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'voice-selection',
    title: 'Voice Selection',
    body: (
      <>
        <p>
          In the preset studio, press <strong>Select a Voice</strong> to open the voice library. Each voice shows its
          name, language, accent and gender, and a play button lets you preview it; only one preview plays at a time.
          Click a voice to choose it. Sayso remembers your choice for next time.
        </p>
        <p>
          Voices that speak several languages have a language menu. The <strong>model</strong> menu picks the speech
          model: the multilingual model is the default and suits most text; the turbo and flash models answer faster.
        </p>
        <h3>Fine-tuning</h3>
        <ul>
          <li>
            <strong>Speed</strong>: 0.5 to 2.0 (1 is normal).
          </li>
          <li>
            <strong>Pitch</strong>: −10 to +10 (0 is the voice’s natural pitch).
          </li>
          <li>
            <strong>Volume</strong>: 0 to 2.0 (1 is normal).
          </li>
        </ul>
        <p>
          <strong>Reset</strong> puts all three back to their defaults. Small changes sound most natural; try one step
          at a time.
        </p>
      </>
    ),
  },
  {
    id: 'voice-cloning',
    title: 'Voice Cloning',
    body: (
      <>
        <p>
          The cloning studio creates a voice from a recording of one speaker. Only clone your own voice or a voice you
          have clear permission to use.
        </p>
        <h3>Sample requirements</h3>
        <ul>
          <li>Length: between 10 seconds and 5 minutes.</li>
          <li>Size: at most 20 MB.</li>
          <li>
            Formats: MP3, WAV and M4A audio, or a video file (MP4, MOV, AVI, WMV, FLV, MKV or WebM); Sayso takes the
            sound from the video.
          </li>
          <li>One speaker, little background noise, no music.</li>
        </ul>
        <h3>Creating a voice</h3>
        <ol>
          <li>Drag your file onto the upload area or choose it from your device, then play it back to check it.</li>
          <li>Give the voice a name and choose its language.</li>
          <li>
            Turn on <strong>Noise Reduction</strong> if the recording has a hum or hiss. Where this server has nothing
            to clean samples with, the switch is off and says so: record in a quiet room instead.
          </li>
          <li>
            Adjust the sample text (up to 300 characters) used for the voice’s preview, then press{' '}
            <strong>Create Voice</strong>.
          </li>
        </ol>
        <p>
          You can keep up to <strong>5 cloned voices</strong>. Open <strong>Cloned Voices</strong> to use, play or
          delete them; delete one to make room for a new one. On the cloning screen each generation can be up to 5,000
          characters long.
        </p>
      </>
    ),
  },
  {
    id: 'pricing-credits',
    title: 'Pricing & Credits',
    body: (
      <>
        <ul>
          <li>
            Speech costs <strong>1 credit per character</strong>, counted after spaces at the start and end of the text
            are trimmed. Every generation costs at least 1 credit.
          </li>
          <li>
            New accounts start with <strong>10,000 credits</strong>. There is no separate limit for free accounts: you
            can generate as long as you have credits.
          </li>
          <li>You are charged only for speech that is generated successfully.</li>
          <li>
            Credit packs are <strong>one-time payments in PKR</strong>, there are no subscriptions, and credits never
            expire. Every pack above Starter costs less per credit than Starter; the pricing page shows each pack's
            price per 1,000 credits.
          </li>
        </ul>
        <h3>Buying credits</h3>
        <p>
          Packs are paid from your Sayso balance. To top up the balance, contact us from the{' '}
          <Link to="/pricing">pricing page</Link> (by chat, or by email where this site has no chat number yet); once
          your payment is received we add it to your balance. Then press <strong>Buy Now</strong> on the pack you want.
        </p>
        <h3>How long generation takes</h3>
        <p>
          Usually a few seconds for a paragraph; long texts take longer and show progress while they are being
          generated.
        </p>
      </>
    ),
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    body: (
      <>
        <h3>“Voice processing error”</h3>
        <p>
          The cloned voice may be damaged. Delete it, record a new, clear sample of at least 10 seconds (10 to 30
          seconds of clean speech works well), and create the voice again, or pick a different voice.
        </p>
        <h3>“The text is too long”</h3>
        <p>Split your text into shorter parts and generate them one after another.</p>
        <h3>“Too many requests”</h3>
        <p>
          Wait a moment before trying again. After each generation there is a short pause of a few seconds before the
          next one can start.
        </p>
        <h3>Not enough credits</h3>
        <p>
          A generation needs as many credits as its text has characters. Shorten the text or buy a pack on the{' '}
          <Link to="/pricing">pricing page</Link>.
        </p>
        <h3>The audio does not play</h3>
        <p>
          Use the download link and play the file on your device. If the upload of a sample fails, check that it is
          within 20 MB and between 10 seconds and 5 minutes long.
        </p>
        <h3>“Network error”</h3>
        <p>Check your internet connection and try again. Your credits are not used for a request that fails.</p>
      </>
    ),
  },
  {
    id: 'support',
    title: 'Support',
    body: <SupportBody />,
  },
];
