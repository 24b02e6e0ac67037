// What a language other than English brings, loaded by lib/i18n.ts only then (the English first screen carries none
// of it): the server's refusals in the visitor's words (server-texts.ts, decision 048) and the fonts of the
// language's script (decision 051). Chinese and Tamil ask for Noto Sans SC and Noto Sans Tamil (@fontsource, woff2
// cut by unicode-range: a browser downloads only the slices holding the characters on screen, and none where a
// system font listed before it in styles.css has them). Their @font-face rules come as a small stylesheet here;
// the text is not held back for the font files (font-display: swap).
import { serverTextsLoaded } from './server-texts';

const FONTS: Record<string, () => Promise<unknown>> = {
  // One weight for Chinese (bold is drawn from it): each weight is its own set of slices, 30 to 60 kB each.
  'zh-Hans': () => import('@fontsource/noto-sans-sc/400.css'),
  ta: () => Promise.all([import('@fontsource/noto-sans-tamil/400.css'), import('@fontsource/noto-sans-tamil/700.css')]),
};

/** Starts the language's fonts; settles when its refusals' words are there. */
export function prepareLanguage(locale: string): Promise<void> {
  // A failed stylesheet leaves the system's fonts, as before.
  FONTS[locale]?.().catch(() => undefined);
  return serverTextsLoaded;
}
