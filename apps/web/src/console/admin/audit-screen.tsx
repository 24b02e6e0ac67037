// /console/audit (docs/product.md §15; admin): the audit trail newest first, filtered by action or by who,
// a page at a time, and the whole trail as CSV (itself an audited export, decision 019).
import type { AuditRow } from '@quackquest/contract/core';
import { AUDIT_ACTIONS } from '@quackquest/contract/core';
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import { formatTime } from '../time';
import { AUDIT_PAGE_SIZE, type AuditFilter, exportUrls, fetchAudit } from './admin-api';
import { auditTexts as t } from './admin-texts';
import '../admin.css';

const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export default function AuditScreen() {
  const [draft, setDraft] = useState<AuditFilter>({ action: '', actor: '' });
  const [filter, setFilter] = useState<AuditFilter>({ action: '', actor: '' });
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(true);
  const show = useCallback((page: AuditRow[], before?: number) => {
    setRows((current) => (before === undefined ? page : [...(current ?? []), ...page]));
    setMore(page.length === AUDIT_PAGE_SIZE);
    setBusy(false);
  }, []);
  const fail = useCallback((failure: unknown) => {
    setError(failureMessage(failure, t.loadFailed));
    setBusy(false);
  }, []);
  const load = (which: AuditFilter, before?: number) => {
    setBusy(true);
    setError('');
    fetchAudit(which, before).then((page) => show(page, before), fail);
  };
  useEffect(() => {
    let live = true;
    fetchAudit(filter).then(
      (page) => live && show(page),
      (failure: unknown) => live && fail(failure),
    );
    return () => {
      live = false;
    };
  }, [filter, show, fail]);

  return (
    <section className="admin" aria-labelledby="audit-title">
      <h1 id="audit-title" className="console-title">
        {t.title}
      </h1>
      <form
        className="admin-card admin-filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError('');
          setFilter({ ...draft });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="audit-action">
            {t.action}
          </label>
          <select
            id="audit-action"
            className="input"
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          >
            <option value="">{t.allActions}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <label className="field">
          <span className="field__label">{t.actor}</span>
          <input
            className="input"
            type="text"
            autoComplete="off"
            maxLength={254}
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          />
        </label>
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary">
            {t.apply}
          </button>
          {/* Sends the form below, not this filter: the export is a POST of its own (admin/download-form.tsx). */}
          <button type="submit" form="audit-download" className="btn btn--ghost">
            {t.download}
          </button>
        </div>
      </form>
      <form id="audit-download" method="post" action={exportUrls.audit} hidden />

      {error && (
        <div className="console-notice">
          <p className="error" role="alert">
            {error}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => load(filter)}>
            {t.tryAgain}
          </button>
        </div>
      )}
      {rows && rows.length === 0 && <p className="admin-hint">{t.empty}</p>}
      {rows && rows.length > 0 && (
        <ol className="admin-list admin-audit" aria-label={t.title}>
          {rows.map((row) => (
            <li key={row.id} className="admin-row admin-row--audit">
              <span className="admin-row__main">
                <span className="admin-row__sub">
                  <time dateTime={row.at}>{formatTime(Date.parse(row.at) / 1000)}</time> · {row.actor}
                </span>
                <strong className="admin-audit__action">{row.action}</strong>
                {row.subject && <span className="admin-audit__subject">{row.subject}</span>}
                {row.before !== null && row.before !== undefined && (
                  <span className="admin-audit__value">
                    {t.before}: {shown(row.before)}
                  </span>
                )}
                {row.after !== null && row.after !== undefined && (
                  <span className="admin-audit__value">
                    {t.after}: {shown(row.after)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {busy && <p className="loading">{t.loading}</p>}
      {more && !busy && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => load(filter, rows?.at(-1)?.id)}>
          {t.loadMore}
        </button>
      )}
    </section>
  );
}
