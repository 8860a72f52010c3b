export interface BlogPost {
  id: string;
  title: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  author: string;
  excerpt: string;
  image: string;
  imageAlt: string;
  category: string;
}

/** The six articles on /blogs, newest first. */
export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 'recording-a-clean-sample',
    title: 'How to record a sample that clones well',
    date: '2025-09-18',
    author: 'Amina Qureshi',
    category: 'Voice Cloning',
    excerpt:
      'A clone can only be as good as the recording behind it. Find the quietest room you have, keep the microphone at the same distance the whole time, and speak the way you want the clone to sound. Ten to thirty seconds of steady, natural reading makes the best clone, and beats five minutes of rushed lines with music underneath. Sayso accepts 10 seconds to 5 minutes of audio or video, up to 20 MB.',
    image: '/blog/recording-a-clean-sample.svg',
    imageAlt: 'A single clean waveform rising from a microphone icon on an indigo gradient',
  },
  {
    id: 'writing-for-the-ear',
    title: 'Writing for the ear: scripts that sound natural',
    date: '2025-09-04',
    author: 'Daniel Reyes',
    category: 'Writing Tips',
    excerpt:
      'Text that reads well on a page can sound stiff when spoken. Short sentences give a voice room to breathe, commas and full stops become pauses, and spelled-out numbers and abbreviations avoid surprises. Read your script aloud once before you generate it: if you stumble over a phrase, the voice probably will too.',
    image: '/blog/writing-for-the-ear.svg',
    imageAlt: 'Lines of text turning into a soft sound wave, drawn in indigo and white',
  },
  {
    id: 'preset-or-cloned',
    title: 'Preset voice or cloned voice? Choosing for your project',
    date: '2025-08-21',
    author: 'Sara Lindqvist',
    category: 'Guides',
    excerpt:
      'Preset voices are ready the moment you sign in and suit explainers, product tours and prototypes. A cloned voice takes a few minutes of preparation but keeps a brand, a teacher or a narrator sounding like themselves across every episode. Many teams use both: presets while drafting, the clone for the final cut.',
    image: '/blog/preset-or-cloned.svg',
    imageAlt: 'Two overlapping circles of waveform bars, one solid and one outlined',
  },
  {
    id: 'what-a-credit-buys',
    title: 'What a credit buys: per-character pricing explained',
    date: '2025-08-07',
    author: 'Amina Qureshi',
    category: 'Pricing',
    excerpt:
      'Every character you turn into speech costs one credit, counted after leading and trailing spaces are trimmed. The 10,000 credits on a new account cover roughly ten minutes of narration. Packs are one-time purchases in PKR, they never expire, and every pack above Starter costs less per credit than Starter.',
    image: '/blog/what-a-credit-buys.svg',
    imageAlt: 'Stacked indigo bars of increasing height, like a simple bar chart',
  },
  {
    id: 'consent-first',
    title: 'Consent first: using voice cloning responsibly',
    date: '2025-07-24',
    author: 'Daniel Reyes',
    category: 'Responsible AI',
    excerpt:
      'A voice is part of who someone is. Only clone your own voice or the voice of someone who has clearly agreed to it, tell your audience when speech is synthetic, and never use a clone to mislead. Our terms forbid cloning anyone without their consent, and that rule protects you as much as anyone else.',
    image: '/blog/consent-first.svg',
    imageAlt: 'A shield shape outlined around a gentle waveform on a pale indigo background',
  },
  {
    id: 'self-hosting-sayso',
    title: 'Running Sayso on your own server',
    date: '2025-07-10',
    author: 'Sara Lindqvist',
    category: 'Self-hosting',
    excerpt:
      'Sayso runs as a single process with its own database, so you can try it on a laptop and move it to a server later. It includes a built-in local speech engine that works without any cloud account. Add MiniMax or ElevenLabs keys when you want their voices and high-fidelity cloning; the keys stay on your server.',
    image: '/blog/self-hosting-sayso.svg',
    imageAlt: 'A small server rack emitting sound waves, drawn in flat indigo shapes',
  },
];
