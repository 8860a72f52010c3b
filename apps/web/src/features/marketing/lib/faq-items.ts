export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** The fifteen questions on /faqs. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-sayso',
    question: 'What is Sayso?',
    answer:
      'Sayso turns written text into speech. You can use ready-made preset voices or clone a voice from a short recording, then play and download the audio. How natural the voices sound depends on the speech engines this site runs: neural voices sound close to a person, the built-in engine is clear but audibly synthetic.',
  },
  {
    id: 'providers',
    question: 'Which voice providers does Sayso use?',
    answer:
      'It depends on the installation. Sayso can connect to MiniMax (voice cloning and its own preset voices) and ElevenLabs (a large preset voice library), and it can run neural voice models on its own server. Without any of these it speaks with its built-in engine, which needs no cloud account.',
  },
  {
    id: 'try-without-account',
    question: 'Can I try it without an account?',
    answer:
      'Yes. The demo on the home page lets you pick one of five voices and hear up to 150 characters of your own text, no sign-in needed.',
  },
  {
    id: 'free-credits',
    question: 'Do I get free credits when I sign up?',
    answer:
      'Every new account starts with 10,000 credits, enough for roughly ten minutes of speech. There is no separate limit on free accounts: you can generate as long as you have credits.',
  },
  {
    id: 'credit-cost',
    question: 'How many credits does a generation cost?',
    answer:
      'One credit per character of your text, counted after spaces at the start and end are trimmed, with a minimum of one credit. You are charged only when the speech is generated successfully.',
  },
  {
    id: 'credits-expire',
    question: 'Do credits expire?',
    answer: 'No. Credits from the sign-up bonus and from every pack stay on your account until you use them.',
  },
  {
    id: 'buying-credits',
    question: 'How do I buy more credits?',
    answer:
      'Top up your balance by contacting us from the pricing page: by WhatsApp, with your account email filled in for you, or by email where this site has no chat number yet. Once the payment arrives we add it to your balance, and you can buy any pack with Buy Now. Packs are one-time payments in PKR with no subscription, and each card shows its price per 1,000 credits, so you can compare them.',
  },
  {
    id: 'refunds',
    question: 'Can I get a refund?',
    answer:
      'Credits are refundable within 14 days of purchase if they have not been used. Contact support with your account email and the pack you bought.',
  },
  {
    id: 'clone-requirements',
    question: 'What do I need to clone a voice?',
    answer:
      'A recording of one speaker between 10 seconds and 5 minutes long and no larger than 20 MB. Ten to thirty seconds of clear speech makes the best clone. MP3, WAV and M4A audio work, and so do video files such as MP4, MOV or WebM; Sayso takes the sound from the video.',
  },
  {
    id: 'clone-quality',
    question: 'How do I get the best clone?',
    answer:
      'Record in a quiet room, keep the microphone at a steady distance, and speak naturally without music or other voices. Turn on Noise Reduction if there is a hum or hiss (where the server offers it; the switch says when it does not). A clean sample matters more than a long one.',
  },
  {
    id: 'clone-limit',
    question: 'How many voices can I clone?',
    answer:
      'You can keep up to five cloned voices at a time. Delete one from the Cloned Voices list to make room for a new one.',
  },
  {
    id: 'text-length',
    question: 'How much text can I convert at once?',
    answer:
      'Up to 5,000 characters per generation on the cloning screen and 150 characters in the home page demo. Longer pieces are best split into sections, which also makes them easier to edit.',
  },
  {
    id: 'generation-time',
    question: 'How long does generation take?',
    answer: 'Usually a few seconds for a paragraph; long texts take longer and show progress while they are generated.',
  },
  {
    id: 'consent',
    question: 'Can I clone someone else’s voice?',
    answer:
      'Only with their clear permission. Cloning a voice without the speaker’s consent breaks our terms of service, as does using any voice to mislead or impersonate people.',
  },
  {
    id: 'commercial-use',
    question: 'Can I use the audio in my projects?',
    answer:
      'Yes, you can use speech you generate in videos, courses, podcasts and products, as long as you follow our terms and the voice provider’s terms and have the right to the voice you used.',
  },
];
