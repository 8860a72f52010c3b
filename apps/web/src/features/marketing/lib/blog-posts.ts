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
  /** The article after its excerpt (which opens it), one paragraph per entry. */
  body: readonly string[];
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
    body: [
      'Before you record, listen to the room for ten seconds. A fridge, a fan or traffic outside all end up in the clone, and noise reduction can only take away part of them. Soft furnishings help: a room with curtains, a sofa and a rug sounds far closer and drier than a kitchen or a bathroom.',
      "Use the best microphone you have, even a phone, and keep it about a hand's width from your mouth, slightly to the side so your breath does not hit it. Read something you know well at your natural pace, with the energy you want to hear later. Leave out music, laughter and other voices: the clone learns whatever it hears.",
      'Listen back before you upload. If you hear clipping, hum or a second speaker, record again; it takes a minute and makes more difference than any setting. Then trim the file to ten to thirty seconds of your clearest speech, upload it in the cloning studio, and create the voice.',
    ],
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
    body: [
      'Numbers are the most common surprise. Write “three thousand five hundred rupees” rather than “Rs. 3,500” when you care how it is said, and spell out dates the way you would say them aloud. The same goes for abbreviations: “for example” is safer than “e.g.”.',
      'Punctuation is your direction to the voice. A full stop gives a clear pause, a comma a shorter one, and a question mark usually lifts the end of the sentence. Very long sentences with many clauses tend to sound flat; two shorter sentences almost always sound better.',
      "Finally, generate a short passage first. Listen to it once, adjust the words that did not land, and only then generate the whole script. On the history page you can open a generation's timeline and edit and regenerate single sentences instead of the whole text.",
    ],
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
    body: [
      'Choose a preset voice when you need speech today and the exact voice matters less than clarity: tutorials, internal announcements, first drafts of a script. The preset studio lets you browse the voice library by language, accent and gender, preview voices, and adjust speed, pitch and volume.',
      "Choose a cloned voice when the voice is part of the product: a course narrated by its teacher, a podcast intro in the host's voice, a brand that should always sound the same. You need a clean recording of ten to thirty seconds and the speaker's clear consent. You can keep up to five cloned voices at a time.",
      'Both cost the same: one credit per character. So it is cheap to try both on a paragraph of your script and decide by ear.',
    ],
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
    body: [
      'A credit is one character of text, counted after spaces at the start and end are trimmed; every generation costs at least one credit. Spaces and punctuation inside the text count, because the voice reads them as pauses. A 1,000-word article is usually around 6,000 characters.',
      "Credits are taken only for speech that is generated successfully. If a generation fails, the credits held for it are released. On the timeline of a generation you can regenerate a single sentence, which costs only that sentence's characters.",
      "Packs are bought from your Sayso balance, which our team tops up once your payment arrives. The pricing page shows each pack's price per 1,000 credits, so you can compare them: not every larger pack is cheaper per credit than the one before it, so check the figure on each card.",
    ],
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
    body: [
      "Consent should be specific and recorded. Before cloning someone else's voice, ask them in writing, say what the clone will be used for and for how long, and keep their answer. If they change their mind, delete the voice: in the cloning studio, open Cloned Voices and press Delete.",
      'Tell your audience when speech is synthetic. A short line in the description of a video or an episode is enough, and it keeps trust with listeners who later find out.',
      "Never use a clone to impersonate someone, to put words in a real person's mouth, or to get past a voice check at a bank or elsewhere. Misuse breaks our terms and can be a crime; we will close accounts that do it.",
    ],
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
    body: [
      "The built-in engine, eSpeak NG, speaks dozens of languages and needs no downloads, but it sounds clearly synthetic. For natural-sounding speech, staff can install neural voice models from the admin panel's Models page; they then run on your own hardware.",
      'Cloud providers are optional. With their keys set, MiniMax and ElevenLabs can serve the studios, and their voices and cloning quality become available. Without them, nothing leaves your server.',
      "The project's documentation describes installation, configuration, backups and monitoring in detail, including the settings for a production database and file storage.",
    ],
  },
];
