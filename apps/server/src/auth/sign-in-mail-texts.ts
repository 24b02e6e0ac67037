// The sign-in and sign-up e-mail in the language the visitor asked in (decision 037): the request's ?lang= or
// Accept-Language, as the web app sends it. English is the original wording; the subject is the pack's
// (campaign.yaml mail) in English, ours translated in another language.
import type { Language } from '../campaign/translations';

interface SignInMailTexts {
  subject: (app: string, signup: boolean) => string;
  /** The text part's first line, and the HTML part's. */
  lead: (app: string, signup: boolean, where: 'link' | 'button') => string;
  button: (signup: boolean) => string;
  code: string;
  footer: string;
}

export const signInMailTexts: Record<Exclude<Language, 'en'>, SignInMailTexts> & { en: Omit<SignInMailTexts, 'subject'> } = {
  en: {
    lead: (app, signup, where) =>
      where === 'link'
        ? signup
          ? `Tap the link below to finish signing up to ${app}:`
          : `Tap the link below to sign in to ${app}:`
        : signup
          ? `Tap the button to finish signing up to ${app}.`
          : `Tap the button to sign in to ${app}.`,
    button: (signup) => (signup ? 'Finish signing up' : 'Sign in'),
    code: 'Opening it on another device? Enter this code instead:',
    footer: 'The link and the code work once, for 15 minutes. If you did not ask for this, ignore this e-mail.',
  },
  'zh-Hans': {
    subject: (app, signup) => (signup ? `完成注册 ${app}` : `登录 ${app}`),
    lead: (app, signup, where) =>
      `${where === 'link' ? '点击下面的链接' : '点击按钮'}${signup ? `完成注册 ${app}` : `登录 ${app}`}${where === 'link' ? '：' : '。'}`,
    button: (signup) => (signup ? '完成注册' : '登录'),
    code: '在另一台设备上打开？请改为输入此验证码：',
    footer: '链接和验证码只能使用一次，15 分钟内有效。如果这不是你本人的请求，请忽略此邮件。',
  },
  ms: {
    subject: (app, signup) => (signup ? `Lengkapkan pendaftaran ke ${app}` : `Log masuk ke ${app}`),
    lead: (app, signup, where) =>
      `${where === 'link' ? 'Ketik pautan di bawah' : 'Ketik butang'} untuk ${signup ? `melengkapkan pendaftaran ke ${app}` : `log masuk ke ${app}`}${where === 'link' ? ':' : '.'}`,
    button: (signup) => (signup ? 'Lengkapkan pendaftaran' : 'Log masuk'),
    code: 'Membukanya pada peranti lain? Masukkan kod ini sebagai ganti:',
    footer: 'Pautan dan kod ini boleh digunakan sekali sahaja, selama 15 minit. Jika anda tidak memintanya, abaikan e-mel ini.',
  },
  ta: {
    subject: (app, signup) => (signup ? `${app} பதிவை முடிக்க` : `${app} இல் உள்நுழைக`),
    lead: (app, signup, where) =>
      `${signup ? `${app} பதிவை முடிக்க` : `${app} இல் உள்நுழைய`}, ${where === 'link' ? 'கீழே உள்ள இணைப்பைத் தட்டுங்கள்:' : 'பொத்தானைத் தட்டுங்கள்.'}`,
    button: (signup) => (signup ? 'பதிவை முடி' : 'உள்நுழைக'),
    code: 'வேறொரு சாதனத்தில் திறக்கிறீர்களா? பதிலாக இந்தக் குறியீட்டை உள்ளிடுங்கள்:',
    footer: 'இணைப்பும் குறியீடும் ஒருமுறை மட்டும், 15 நிமிடங்களுக்குச் செல்லும். நீங்கள் கேட்கவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்.',
  },
};
