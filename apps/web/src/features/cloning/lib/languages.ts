import type { CloneLanguage } from '@sayso/contract/languages';

const ENGLISH = 'Hello! This is my new voice. I hope you enjoy listening to it.';

/** A short greeting in each language, read aloud as the new voice's sample. */
const GREETINGS: Record<CloneLanguage, string> = {
  english: ENGLISH,
  vietnamese: 'Xin chào! Đây là giọng nói mới của tôi. Hy vọng bạn thích nghe nó.',
  arabic: 'مرحبًا! هذا هو صوتي الجديد. أتمنى أن تستمتع بالاستماع إليه.',
  // The spec keeps the English greeting for Cantonese.
  cantonese: ENGLISH,
  chinese: '你好！这是我的新声音。希望你喜欢听。',
  dutch: 'Hallo! Dit is mijn nieuwe stem. Ik hoop dat je er graag naar luistert.',
  french: "Bonjour ! Voici ma nouvelle voix. J'espère que vous aimerez l'écouter.",
  german: 'Hallo! Das ist meine neue Stimme. Ich hoffe, sie gefällt dir.',
  indonesian: 'Halo! Ini suara baru saya. Semoga Anda senang mendengarkannya.',
  italian: 'Ciao! Questa è la mia nuova voce. Spero che ti piaccia ascoltarla.',
  japanese: 'こんにちは！これは私の新しい声です。楽しんで聞いてください。',
  korean: '안녕하세요! 이것은 제 새로운 목소리입니다. 즐겁게 들어주세요.',
  portuguese: 'Olá! Esta é a minha nova voz. Espero que goste de a ouvir.',
  russian: 'Здравствуйте! Это мой новый голос. Надеюсь, вам понравится его слушать.',
  spanish: '¡Hola! Esta es mi nueva voz. Espero que disfrutes escuchándola.',
  turkish: 'Merhaba! Bu benim yeni sesim. Umarım dinlemekten keyif alırsınız.',
  ukrainian: 'Привіт! Це мій новий голос. Сподіваюся, вам сподобається його слухати.',
  thai: 'สวัสดี! นี่คือเสียงใหม่ของฉัน หวังว่าคุณจะชอบฟังนะ',
  polish: 'Cześć! To mój nowy głos. Mam nadzieję, że spodoba ci się go słuchać.',
  romanian: 'Bună! Aceasta este noua mea voce. Sper să-ți placă să o asculți.',
  greek: 'Γεια σας! Αυτή είναι η νέα μου φωνή. Ελπίζω να σας αρέσει.',
  czech: 'Ahoj! Tohle je můj nový hlas. Doufám, že se vám bude líbit.',
  finnish: 'Hei! Tämä on uusi ääneni. Toivottavasti nautit sen kuuntelemisesta.',
  hindi: 'नमस्ते! यह मेरी नई आवाज़ है। आशा है आपको इसे सुनना अच्छा लगेगा।',
  bulgarian: 'Здравейте! Това е новият ми глас. Надявам се да ви хареса.',
  danish: 'Hej! Dette er min nye stemme. Jeg håber, du kan lide at lytte til den.',
  hebrew: 'שלום! זה הקול החדש שלי. אני מקווה שתיהנו להקשיב לו.',
  malay: 'Helo! Ini suara baharu saya. Harap anda seronok mendengarnya.',
  persian: 'سلام! این صدای جدید من است. امیدوارم از شنیدنش لذت ببرید.',
  slovak: 'Ahoj! Toto je môj nový hlas. Dúfam, že sa vám bude páčiť.',
  swedish: 'Hej! Det här är min nya röst. Jag hoppas att du tycker om att lyssna på den.',
  croatian: 'Bok! Ovo je moj novi glas. Nadam se da ćete ga rado slušati.',
  filipino: 'Kumusta! Ito ang aking bagong boses. Sana ay masiyahan ka sa pakikinig.',
  hungarian: 'Szia! Ez az új hangom. Remélem, szívesen hallgatod.',
  norwegian: 'Hei! Dette er min nye stemme. Jeg håper du liker å høre på den.',
  slovenian: 'Živjo! To je moj novi glas. Upam, da ga boste radi poslušali.',
  catalan: "Hola! Aquesta és la meva nova veu. Espero que t'agradi escoltar-la.",
  nynorsk: 'Hei! Dette er den nye stemma mi. Eg håpar du likar å høyra på ho.',
  tamil: 'வணக்கம்! இது என் புதிய குரல். நீங்கள் கேட்டு மகிழ்வீர்கள் என நம்புகிறேன்.',
  afrikaans: 'Hallo! Dit is my nuwe stem. Ek hoop jy geniet dit om daarna te luister.',
};

export const greetingFor = (language: CloneLanguage) => GREETINGS[language];
