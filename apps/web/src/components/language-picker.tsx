// The language picker of the welcome page (decision 037): each language in its own words; the choice is kept.
import { LOCALES, LOCALE_NAMES, isLocale, t, useLocale } from '../lib/i18n';
import { chooseLocale } from '../lib/language';

export function LanguagePicker({ className = '' }: { className?: string }) {
  const locale = useLocale();
  return (
    <label className={`language-picker ${className}`}>
      <span className="language-picker__label">{t('language.label')}</span>
      <select
        className="language-picker__select"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void chooseLocale(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
