// /console/participants (docs/product.md §15; admin): search visitors by e-mail, name or voucher code. The search
// is kept in the address (?q=), so Back from a profile returns to the same list.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { failureMessage } from '../../lib/api-client';
import { consolePaths } from '../console-paths';
import type { ParticipantSummary } from '../console-types';
import { searchParticipants } from './participants-api';
import { participantsTexts as t } from './participants-texts';
import '../participants.css';

/** The answer for one search; while another is asked, the last answer stays on screen. */
type Results = { kind: 'failed'; q: string; message: string } | { kind: 'done'; q: string; items: ParticipantSummary[] };

export default function ParticipantsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [results, setResults] = useState<Results | null>(null);
  const loading = results?.q !== q;

  useEffect(() => {
    let live = true;
    searchParticipants(q).then(
      (found) => live && setResults({ kind: 'done', q, items: found.items }),
      (failure: unknown) => live && setResults({ kind: 'failed', q, message: failureMessage(failure, t.searchFailed) }),
    );
    return () => {
      live = false;
    };
  }, [q]);

  return (
    <section className="participants" aria-labelledby="participants-title">
      <h1 id="participants-title" className="console-title">
        {t.title}
      </h1>
      <form
        role="search"
        className="participants__search"
        onSubmit={(event) => {
          event.preventDefault();
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
      </form>
      {results?.kind === 'failed' && (
        <p className="error" role="alert">
          {results.message}
        </p>
      )}
      {results?.kind === 'done' && (
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
