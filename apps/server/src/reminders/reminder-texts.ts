// What a reminder says, in the visitor's language (users.language, decision 037): the notification's title is the
// campaign's name, its body one of these.
import { type Language, isLanguage } from '@quackquest/contract';

const OPEN: Record<Language, string> = {
  en: "Today's checkpoint is open. Answer it and spin for ducks!",
  'zh-Hans': '今天的打卡点已开放。快来作答，转动转盘赢取鸭子！',
  ms: 'Pusat pemeriksaan hari ini sudah dibuka. Jawab dan putar untuk itik!',
  ta: 'இன்றைய சோதனைச் சாவடி திறந்துவிட்டது. பதிலளித்து வாத்துகளுக்காகச் சுழற்றுங்கள்!',
};

export interface ReminderPayload {
  title: string;
  body: string;
  /** The screen the notification opens. */
  url: string;
  /** One notification per unlock: a reminder delivered twice replaces itself (decision 063). */
  tag: string;
  lang: Language;
}

export function reminderPayload(appName: string, language: string | null, opensAt: number): ReminderPayload {
  const lang = isLanguage(language) ? language : 'en';
  return { title: appName, body: OPEN[lang], url: '/checkpoints', tag: `reminder-${opensAt}`, lang };
}
