// What a reminder and an announcement say, in the visitor's language (users.language, decision 037): a push
// notification's title is the campaign's name and its body one of these; an e-mail has a subject, the same words,
// a link to the app and why it came, with how to stop it (decisions 063 and 078).
import { type Language, isLanguage } from '@quackquest/contract';
import { escapeHtml } from '../text/html';

interface Words {
  open: string;
  subject: (app: string) => string;
  announcementSubject: (app: string) => string;
  button: string;
  /** Why this e-mail came and how to stop it: PDPA and every mail provider ask for both. */
  why: (app: string) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    open: "Today's checkpoint is open. Answer it and spin for ducks!",
    subject: (app) => `${app}: today's checkpoint is open`,
    announcementSubject: (app) => `${app}: a message from the crew`,
    button: 'Open the game',
    why: (app) =>
      `You get this e-mail because you turned on e-mail reminders in ${app}. To stop them, tap "Turn off e-mail reminders" on the checkpoints screen.`,
  },
  'zh-Hans': {
    open: '今天的打卡点已开放。快来作答，转动转盘赢取鸭子！',
    subject: (app) => `${app}：今天的打卡点已开放`,
    announcementSubject: (app) => `${app}：工作人员的消息`,
    button: '打开游戏',
    why: (app) => `你收到这封邮件，是因为你在 ${app} 中开启了邮件提醒。如需停止，请在打卡点页面点按“关闭邮件提醒”。`,
  },
  ms: {
    open: 'Pusat pemeriksaan hari ini sudah dibuka. Jawab dan putar untuk itik!',
    subject: (app) => `${app}: pusat pemeriksaan hari ini sudah dibuka`,
    announcementSubject: (app) => `${app}: mesej daripada krew`,
    button: 'Buka permainan',
    why: (app) =>
      `Anda menerima e-mel ini kerana anda menghidupkan peringatan e-mel dalam ${app}. Untuk menghentikannya, ketik "Matikan peringatan e-mel" pada skrin pusat pemeriksaan.`,
  },
  ta: {
    open: 'இன்றைய சோதனைச் சாவடி திறந்துவிட்டது. பதிலளித்து வாத்துகளுக்காகச் சுழற்றுங்கள்!',
    subject: (app) => `${app}: இன்றைய சோதனைச் சாவடி திறந்துவிட்டது`,
    announcementSubject: (app) => `${app}: குழுவிடமிருந்து ஒரு செய்தி`,
    button: 'விளையாட்டைத் திறக்கவும்',
    why: (app) =>
      `${app} இல் மின்னஞ்சல் நினைவூட்டல்களை இயக்கியதால் இந்த மின்னஞ்சல் உங்களுக்கு வந்தது. அவற்றை நிறுத்த, சோதனைச் சாவடிகள் திரையில் "மின்னஞ்சல் நினைவூட்டல்களை அணை" என்பதைத் தட்டவும்.`,
  },
};

export interface ReminderPayload {
  title: string;
  body: string;
  /** The screen the notification opens. */
  url: string;
  /** One notification per unlock or announcement: one delivered twice replaces itself (decision 063). */
  tag: string;
  lang: Language;
}

/** What a queued row says: the day's reminder, or the announcement's text in the visitor's language (English else). */
export interface ReminderSubject {
  opensAt: number;
  language: string | null;
  announcement?: { id: number; texts: Record<string, string> } | null;
}

const languageOf = (language: string | null): Language => (isLanguage(language) ? language : 'en');

export function reminderPayload(appName: string, row: ReminderSubject): ReminderPayload {
  const lang = languageOf(row.language);
  if (row.announcement) {
    const { text, lang: textLang } = announcementText(row.announcement.texts, lang);
    return { title: appName, body: text, url: '/checkpoints', tag: `announcement-${row.announcement.id}`, lang: textLang };
  }
  return { title: appName, body: WORDS[lang].open, url: '/checkpoints', tag: `reminder-${row.opensAt}`, lang };
}

/** The crew's words in the visitor's language where they wrote it, English otherwise (and said so). */
export function announcementText(texts: Record<string, string>, lang: Language): { text: string; lang: Language } {
  const own = texts[lang]?.trim();
  return own ? { text: own, lang } : { text: texts.en ?? '', lang: 'en' };
}

/** The e-mail of a reminder or an announcement: subject, text and HTML, with the link to the app. */
export function reminderMail(appName: string, publicUrl: string, row: ReminderSubject) {
  const lang = languageOf(row.language);
  const words = WORDS[lang];
  const payload = reminderPayload(appName, row);
  const link = new URL(payload.url, publicUrl).toString();
  const subject = row.announcement ? words.announcementSubject(appName) : words.subject(appName);
  const bodyLang = payload.lang === lang ? '' : ` lang="${payload.lang}"`;
  return {
    subject,
    text: [payload.body, '', link, '', words.why(appName)].join('\n'),
    html: `<p${bodyLang}>${escapeHtml(payload.body).replace(/\n/g, '<br>')}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b4f8a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(words.why(appName))}</p>`,
  };
}
