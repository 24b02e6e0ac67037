// /console/participants (docs/product.md §15; admin): search visitors by e-mail, name or voucher code. The search
// is kept in the address (?q=), so Back from a profile returns to the same list.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { failureOf } from '../console-data';
import { consolePaths } from '../console-paths';
import { searchQuery } from './participants-api';
import { participantsTexts as t } from './participants-texts';
import '../participants.css';
import { ConsoleForm } from '../console-form';

export default function ParticipantsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const search = useQuery(searchQuery(q));
  const results = search.data;
  // Until this search's own answer (the last one's stays on screen meanwhile).
  const loading = search.isPlaceholderData || search.isPending;
  const failure = failureOf(search, t.searchFailed);

  return (
    <section className="participants" aria-labelledby="participants-title">
      <h1 id="participants-title" className="console-title">
        {t.title}
      </h1>
      <ConsoleForm
        role="search"
        className="participants__search"
        onSubmit={() => {
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <label className="field">
          <span className="field__label">{t.searchLabel}</span>
          <input
            className="input"
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? t.searching : t.search}
        </button>
      </ConsoleForm>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {results && !failure && (
        <>
          <p className="participants__count" role="status">
            {results.q ? (results.items.length ? t.results(results.items.length, results.q) : t.noResults(results.q)) : t.newest}
          </p>
          <ul className="participants__list">
            {results.items.map((p) => (
              <li key={p.userId}>
                <Link
                  className="participant-row"
                  to={`${consolePaths.participant(p.userId)}${q ? `?q=${encodeURIComponent(q)}` : ''}`}
                >
                  <span className="participant-row__name">{p.name}</span>
                  <span className="participant-row__email">{p.email}</span>
                  {(p.phone || p.instagram) && (
                    <span className="participant-row__email">{[p.phone, p.instagram].filter(Boolean).join(' · ')}</span>
                  )}
                  <span className="participant-row__facts">
                    {t.ducks(p.ducks)}
                    {p.erased ? (
                      <span className="participant-badge participant-badge--erased">{t.erased}</span>
                    ) : (
                      p.blocked && <span className="participant-badge">{t.blocked}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
