// /console/audit (docs/product.md §15; admin): the audit trail newest first, filtered by action or by who, and by
// the visitor or reward it concerns (?user=, ?reward=: the participant screen and the stock card link here), a page
// at a time, each row in words with its JSON one click away, and the whole trail as CSV (an audited export, decision 019).
import { AUDIT_ACTIONS } from '@quackquest/contract/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureOf } from '../console-data';
import { formatTime } from '../time';
import { type AuditFilter, auditQuery, exportUrls } from './admin-api';
import { auditTexts as t } from './admin-texts';
import { auditSentence } from './audit-words';
import '../admin.css';
import { ConsoleForm } from '../console-form';

const hasValue = (value: unknown) => value !== null && value !== undefined;
const shown = (value: unknown) => (hasValue(value) ? JSON.stringify(value) : '');

/** A whole number from 1 up in the address, or undefined. */
const idParam = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);

export default function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const user = idParam(params.get('user'));
  const reward = idParam(params.get('reward'));
  const [draft, setDraft] = useState<AuditFilter>({ action: '', actor: '' });
  const [typed, setFilter] = useState<AuditFilter>({ action: '', actor: '' });
  const filter = useMemo(() => ({ ...typed, user, reward }), [typed, user, reward]);
  const audit = useInfiniteQuery(auditQuery(filter));
  const rows = audit.data?.pages.flat();
  const busy = audit.isFetching;
  const error = failureOf(audit, t.loadFailed);

  return (
    <section className="admin" aria-labelledby="audit-title">
      <h1 id="audit-title" className="console-title">
        {t.title}
      </h1>
      <ConsoleForm
        className="admin-card admin-filters"
        onSubmit={() => {
          // The same filter again reads the trail again: rows may have been written since.
          if (draft.action === typed.action && draft.actor === typed.actor) void audit.refetch();
          else setFilter({ ...draft });
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
      </ConsoleForm>
      <form id="audit-download" method="post" action={exportUrls.audit} hidden />
      {(user !== undefined || reward !== undefined) && (
        <p className="admin-audit__about" role="status">
          {user !== undefined ? t.aboutVisitor(user) : t.aboutReward(reward!)}{' '}
          <button type="button" className="btn btn--ghost" onClick={() => setParams({})}>
            {t.showAll}
          </button>
        </p>
      )}

      {error && (
        <div className="console-notice">
          <p className="error" role="alert">
            {error}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void audit.refetch()}>
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
                {auditSentence(row) && <span className="admin-audit__words">{auditSentence(row)}</span>}
                {(hasValue(row.before) || hasValue(row.after)) && (
                  <details className="admin-audit__json">
                    <summary>{t.json}</summary>
                    {hasValue(row.before) && (
                      <span className="admin-audit__value">
                        {t.before}: {shown(row.before)}
                      </span>
                    )}
                    {hasValue(row.after) && (
                      <span className="admin-audit__value">
                        {t.after}: {shown(row.after)}
                      </span>
                    )}
                  </details>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {busy && <p className="loading">{t.loading}</p>}
      {audit.hasNextPage && !busy && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => void audit.fetchNextPage()}>
          {t.loadMore}
        </button>
      )}
    </section>
  );
}
