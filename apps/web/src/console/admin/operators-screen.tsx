// /console/operators (docs/product.md §15; admin): everyone with a console role, adding one by e-mail and
// role, changing a role and removing one (decision 019). The server refuses what must not happen (removing
// yourself, the last admin, the campaign pack's admins) and its sentence is shown.
import type { OperatorRow } from '@quackquest/contract/core';
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import type { ConsoleMe, Role } from '../console-types';
import { looksLikeEmail } from '../email-shape';
import { roleLabels } from '../roles';
import { fetchOperators, removeOperator, saveOperator } from './admin-api';
import { operatorsTexts as t } from './admin-texts';
import { ActionResult } from '../action-result';
import '../admin.css';

const ROLES: Role[] = ['admin', 'reviewer', 'staff'];

export default function OperatorsScreen({ me }: { me: ConsoleMe }) {
  const [operators, setOperators] = useState<OperatorRow[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('reviewer');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setOperators(await fetchOperators());
    } catch (failure) {
      setError(failureMessage(failure, t.loadFailed));
    }
  }, []);
  useEffect(() => {
    let live = true;
    fetchOperators().then(
      (rows) => live && setOperators(rows),
      (failure: unknown) => live && setError(failureMessage(failure, t.loadFailed)),
    );
    return () => {
      live = false;
    };
  }, []);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage('');
    setError('');
    try {
      setMessage(await work());
      await load();
    } catch (failure) {
      setError(failureMessage(failure, t.loadFailed));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const save = (address: string, newRole: Role) =>
    act(async () => {
      const before = operators?.find((o) => o.email === address.trim().toLowerCase());
      const saved = await saveOperator(address, newRole);
      const label = roleLabels[saved.role];
      return before?.role === saved.role ? t.unchanged(saved.email, label) : t.added(saved.email, label);
    });

  return (
    <section className="admin" aria-labelledby="operators-title">
      <h1 id="operators-title" className="console-title">
        {t.title}
      </h1>
      <section className="admin-card" aria-labelledby="add-operator-title">
        <h2 id="add-operator-title" className="admin-card__title">
          {t.addTitle}
        </h2>
        <form
          className="admin-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!looksLikeEmail(email)) return setError(t.emptyEmail);
            void save(email, role).then(() => setEmail(''));
          }}
        >
          <label className="field">
            <span className="field__label">{t.email}</span>
            <input
              className="input"
              type="email"
              name="email"
              autoComplete="off"
              maxLength={254}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <div className="field">
            <label className="field__label" htmlFor="new-operator-role">
              {t.role}
            </label>
            <select
              id="new-operator-role"
              className="input"
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t.adding : t.add}
          </button>
        </form>
      </section>

      <ActionResult message={message} error={error} />

      <section className="admin-card" aria-labelledby="operator-list-title">
        <h2 id="operator-list-title" className="admin-card__title">
          {t.listTitle}
        </h2>
        {operators === null ? (
          <p className="loading">...</p>
        ) : (
          <ul className="admin-list">
            {operators.map((o) => (
              <li key={o.email} className="admin-row admin-row--operator">
                <span className="admin-row__main">
                  <strong>
                    {o.email}
                    {o.email === me.email ? ` (${t.you})` : ''}
                  </strong>
                  <span className="admin-row__sub">{o.addedBy === 'campaign' ? t.fromCampaign : t.addedBy(o.addedBy)}</span>
                </span>
                {o.addedBy === 'campaign' ? (
                  <span className="console-role" data-role={o.role}>
                    {roleLabels[o.role]}
                  </span>
                ) : removing === o.email ? (
                  <span className="admin-confirm" role="group" aria-label={t.confirmRemove(o.email)}>
                    <span>{t.confirmRemove(o.email)}</span>
                    <span className="admin-actions">
                      <button
                        type="button"
                        className="btn btn--danger"
                        disabled={busy}
                        onClick={() =>
                          void act(async () => {
                            await removeOperator(o.email);
                            return t.removed(o.email);
                          })
                        }
                      >
                        {t.confirmYes}
                      </button>
                      <button type="button" className="btn btn--ghost" onClick={() => setRemoving(null)}>
                        {t.cancel}
                      </button>
                    </span>
                  </span>
                ) : (
                  <span className="admin-actions">
                    <select
                      className="input admin-role-select"
                      aria-label={t.changeRole(o.email)}
                      value={o.role}
                      disabled={busy}
                      onChange={(event) => void save(o.email, event.target.value as Role)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {roleLabels[r]}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className="btn btn--ghost"
                      aria-label={`${t.remove} ${o.email}`}
                      onClick={() => setRemoving(o.email)}
                    >
                      {t.remove}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
