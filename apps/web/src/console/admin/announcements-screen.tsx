// /console/announcements (docs/product.md §15; admin; decision 078): write what visitors see as a banner on their
// checkpoints screen, in English and in whichever of the app's languages the crew can, for everyone or for those
// with no answer today, now or at a time in the campaign's zone; optionally pushed and e-mailed once to the
// visitors who turned those reminders on. Below, what was written, what became of its sends, and Withdraw.
import { ANNOUNCEMENT_HOURS_MAX, ANNOUNCEMENT_MAX_LENGTH, type Language, type NewAnnouncement } from '@quackquest/contract/core';
import { useState } from 'react';
import { ActionResult } from '../action-result';
import { LoadStatus, useAction, useLoaded } from '../console-data';
import type { ConsoleMe } from '../console-types';
import { formatTime } from '../time';
import { announcementsQuery, publishAnnouncement, withdrawAnnouncement } from './admin-api';
import { announcementsTexts as t } from './admin-texts';
import '../admin.css';
import { ConsoleForm } from '../console-form';

const OTHER_LANGUAGES: Exclude<Language, 'en'>[] = ['zh-Hans', 'ms', 'ta'];
const DEFAULT_HOURS = 6;

type Draft = {
  texts: Record<Language, string>;
  audience: NewAnnouncement['audience'];
  later: boolean;
  showAt: string;
  hours: string;
  push: boolean;
  email: boolean;
};

const EMPTY: Draft = {
  texts: { en: '', 'zh-Hans': '', ms: '', ta: '' },
  audience: 'everyone',
  later: false,
  showAt: '',
  hours: String(DEFAULT_HOURS),
  push: false,
  email: false,
};

/** The body the server takes, or the sentence saying what to fix first. */
function bodyOf(draft: Draft): NewAnnouncement | string {
  if (!draft.texts.en.trim()) return t.englishMissing;
  const hours = Number(draft.hours);
  if (!Number.isInteger(hours) || hours < 1 || hours > ANNOUNCEMENT_HOURS_MAX) return t.hoursInvalid;
  if (draft.later && !draft.showAt) return t.timeMissing;
  const texts: NewAnnouncement['texts'] = { en: draft.texts.en };
  for (const lang of OTHER_LANGUAGES) if (draft.texts[lang].trim()) texts[lang] = draft.texts[lang];
  return {
    texts,
    audience: draft.audience,
    ...(draft.later ? { showAt: draft.showAt } : {}),
    hours,
    push: draft.push,
    email: draft.email,
  };
}

/** What the admin asked: a new announcement, or one withdrawn. */
type Change = { publish: NewAnnouncement } | { withdraw: number };

export default function AnnouncementsScreen({ me }: { me: ConsoleMe }) {
  const loaded = useLoaded(announcementsQuery, t.loadFailed);
  const list = loaded.data;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const change = useAction({
    run: async (asked: Change): Promise<string> => {
      if ('withdraw' in asked) {
        await withdrawAnnouncement(asked.withdraw);
        return t.withdrawn;
      }
      await publishAnnouncement(asked.publish);
      setDraft(EMPTY);
      setConfirming(false);
      return asked.publish.showAt ? t.scheduled : t.published;
    },
    done: (sentence) => sentence,
    failed: t.failed,
    settle: (client) => client.invalidateQueries(announcementsQuery),
  });
  const busy = change.busy;

  const edit = (change: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...change }));
    setConfirming(false);
  };

  const publish = () => {
    const body = bodyOf(draft);
    if (typeof body === 'string') return change.refuse(body);
    // Pushes and e-mails cannot be called back once sent: a second tap confirms them.
    if ((body.push || body.email) && !confirming) {
      change.clear();
      return setConfirming(true);
    }
    void change.act({ publish: body });
  };

  return (
    <section className="admin" aria-labelledby="announcements-title">
      <h1 id="announcements-title" className="console-title">
        {t.title}
      </h1>
      <section className="admin-card" aria-labelledby="new-announcement-title">
        <h2 id="new-announcement-title" className="admin-card__title">
          {t.newTitle}
        </h2>
        <p className="admin-hint">{t.hint}</p>
        <ConsoleForm className="admin-form admin-form--stacked" onSubmit={publish}>
          {(['en', ...OTHER_LANGUAGES] as const).map((lang) => (
            <label key={lang} className="field">
              <span className="field__label">{lang === 'en' ? t.english : t.optional(lang)}</span>
              <textarea
                className="input"
                name={`text-${lang}`}
                lang={lang}
                rows={lang === 'en' ? 3 : 2}
                maxLength={ANNOUNCEMENT_MAX_LENGTH}
                value={draft.texts[lang]}
                onChange={(event) => edit({ texts: { ...draft.texts, [lang]: event.target.value } })}
              />
            </label>
          ))}
          <fieldset className="field admin-fieldset">
            <legend className="field__label">{t.audience}</legend>
            {(['everyone', 'no_answer_today'] as const).map((audience) => (
              <label key={audience} className="checkbox">
                <input type="radio" name="audience" checked={draft.audience === audience} onChange={() => edit({ audience })} />
                {t.audiences[audience]}
              </label>
            ))}
          </fieldset>
          <fieldset className="field admin-fieldset">
            <legend className="field__label">{t.when}</legend>
            <label className="checkbox">
              <input type="radio" name="when" checked={!draft.later} onChange={() => edit({ later: false })} />
              {t.now}
            </label>
            <label className="checkbox">
              <input type="radio" name="when" checked={draft.later} onChange={() => edit({ later: true })} />
              {t.later(me.timeZone)}
            </label>
            {draft.later && (
              <input
                className="input"
                type="datetime-local"
                aria-label={t.laterTime(me.timeZone)}
                value={draft.showAt}
                onChange={(event) => edit({ showAt: event.target.value })}
              />
            )}
          </fieldset>
          <label className="field">
            <span className="field__label">{t.hours}</span>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={ANNOUNCEMENT_HOURS_MAX}
              value={draft.hours}
              onChange={(event) => edit({ hours: event.target.value })}
            />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={draft.push} onChange={(event) => edit({ push: event.target.checked })} />
            {t.push}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={draft.email} onChange={(event) => edit({ email: event.target.checked })} />
            {t.email}
          </label>
          {confirming && (
            <p className="admin-hint" role="alert">
              {t.confirm}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t.publishing : confirming ? t.confirmYes : t.publish}
          </button>
        </ConsoleForm>
      </section>

      <ActionResult outcome={change.outcome} />

      <section className="admin-card" aria-labelledby="announcement-list-title">
        <h2 id="announcement-list-title" className="admin-card__title">
          {t.listTitle}
        </h2>
        {list === undefined ? (
          <LoadStatus loaded={loaded} />
        ) : list.length === 0 ? (
          <p className="admin-hint">{t.none}</p>
        ) : (
          <ul className="admin-list">
            {list.map((a) => (
              <li key={a.id} className="admin-row" data-state={a.state}>
                <span className="admin-row__main">
                  <strong lang="en">{a.texts.en}</strong>
                  <span className="admin-row__sub">
                    {t.states[a.state]} · {t.audiences[a.audience]} · {formatTime(a.showAt)} – {formatTime(a.endsAt)}
                  </span>
                  {(a.push || a.email) && <span className="admin-row__sub">{t.sends(a)}</span>}
                  <span className="admin-row__sub">{t.by(a.createdBy)}</span>
                </span>
                {(a.state === 'scheduled' || a.state === 'showing') && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={busy}
                    onClick={() => void change.act({ withdraw: a.id })}
                  >
                    {t.withdraw}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
