/**
 * What a preset voice says in its preview, in the voice's own language (ISO 639-1 code), so a
 * listener hears how the voice reads its language rather than English in an accent.
 */
const PREVIEW_TEXTS: Record<string, string> = {
  en: 'Hello! This is how I sound. I can read your scripts, stories and lessons aloud.',
  af: 'Hallo! So klink ek. Ek kan jou tekste en stories hardop lees.',
  ar: 'مرحبًا! هكذا يبدو صوتي. يمكنني قراءة نصوصك وقصصك بصوت عالٍ.',
  bg: 'Здравейте! Ето как звучи гласът ми. Мога да чета текстовете ви на глас.',
  ca: 'Hola! Així sona la meva veu. Puc llegir en veu alta els teus textos.',
  cs: 'Dobrý den! Takhle zní můj hlas. Umím nahlas přečíst vaše texty.',
  da: 'Hej! Sådan lyder jeg. Jeg kan læse dine tekster højt.',
  de: 'Hallo! So klingt meine Stimme. Ich lese Ihre Texte gern vor.',
  el: 'Γεια σας! Έτσι ακούγεται η φωνή μου. Μπορώ να διαβάσω τα κείμενά σας.',
  es: '¡Hola! Así suena mi voz. Puedo leer en voz alta tus textos e historias.',
  fa: 'سلام! صدای من این‌گونه است. می‌توانم متن‌های شما را بلند بخوانم.',
  fi: 'Hei! Tältä ääneni kuulostaa. Voin lukea tekstisi ääneen.',
  fr: 'Bonjour ! Voici ma voix. Je peux lire vos textes et vos histoires à voix haute.',
  he: 'שלום! כך נשמע הקול שלי. אני יכול להקריא את הטקסטים שלכם.',
  hi: 'नमस्ते! मेरी आवाज़ ऐसी सुनाई देती है। मैं आपके लेख पढ़कर सुना सकती हूँ।',
  hr: 'Bok! Ovako zvuči moj glas. Mogu naglas pročitati vaše tekstove.',
  hu: 'Helló! Így szól a hangom. Felolvasom a szövegeidet.',
  id: 'Halo! Beginilah suara saya. Saya bisa membacakan teks Anda.',
  it: 'Ciao! Ecco come suona la mia voce. Posso leggere ad alta voce i tuoi testi.',
  ja: 'こんにちは！これが私の声です。あなたの文章を読み上げます。',
  ko: '안녕하세요! 제 목소리는 이렇습니다. 여러분의 글을 읽어 드릴게요.',
  ms: 'Helo! Beginilah bunyi suara saya. Saya boleh membacakan teks anda.',
  nb: 'Hei! Slik høres jeg ut. Jeg kan lese tekstene dine høyt.',
  nl: 'Hallo! Zo klinkt mijn stem. Ik kan je teksten voorlezen.',
  pl: 'Cześć! Tak brzmi mój głos. Mogę przeczytać na głos twoje teksty.',
  pt: 'Olá! É assim que a minha voz soa. Posso ler os seus textos em voz alta.',
  ro: 'Bună! Așa sună vocea mea. Pot citi cu voce tare textele tale.',
  ru: 'Здравствуйте! Так звучит мой голос. Я могу прочитать ваши тексты вслух.',
  sk: 'Dobrý deň! Takto znie môj hlas. Môžem nahlas prečítať vaše texty.',
  sl: 'Pozdravljeni! Tako zveni moj glas. Vaša besedila lahko preberem na glas.',
  sv: 'Hej! Så här låter jag. Jag kan läsa dina texter högt.',
  ta: 'வணக்கம்! என் குரல் இப்படித்தான் இருக்கும். உங்கள் உரைகளை நான் படிப்பேன்.',
  th: 'สวัสดี! นี่คือเสียงของฉัน ฉันอ่านข้อความของคุณออกเสียงได้',
  tr: 'Merhaba! Sesim böyle duyuluyor. Metinlerinizi sesli okuyabilirim.',
  uk: 'Привіт! Ось так звучить мій голос. Я можу прочитати ваші тексти вголос.',
  vi: 'Xin chào! Đây là giọng của tôi. Tôi có thể đọc to văn bản của bạn.',
  yue: '你好！我嘅聲音係咁樣。我可以幫你讀出文字。',
  zh: '你好！这就是我的声音。我可以为你朗读文字。',
};

/** The preview line for a voice's language; English when the language has none of its own. */
export function previewTextFor(language: string | null | undefined): string {
  const code = (language ?? 'en').toLowerCase().split(/[-_]/)[0] ?? 'en';
  return PREVIEW_TEXTS[code] ?? PREVIEW_TEXTS.en ?? '';
}
