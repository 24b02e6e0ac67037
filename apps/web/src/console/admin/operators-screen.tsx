// /console/operators (docs/product.md §15; admin): everyone with a console role, adding one by e-mail and
// role, changing a role and removing one (decision 019). The server refuses what must not happen (removing
// yourself, the last admin, the campaign pack's admins) and its sentence is shown.
import { useState } from 'react';
import { ActionResult } from '../action-result';
import { ConfirmGroup } from '../confirm-group';
import { LoadStatus, useAction, useLoaded } from '../console-data';
import type { ConsoleMe, Role } from '../console-types';
import { looksLikeEmail } from '../email-shape';
import { roleLabels } from '../roles';
import { operatorsQuery, removeOperator, saveOperator } from './admin-api';
import { operatorsTexts as t } from './admin-texts';
import '../admin.css';
import { ConsoleForm } from '../console-form';

const ROLES: Role[] = ['admin', 'reviewer', 'staff'];

/** What the admin asked: an address given a role (`before`: its role until now, if listed), or removed. */
type Change = { email: string; role: Role; before: Role | undefined } | { email: string; remove: true };

export default function OperatorsScreen({ me }: { me: ConsoleMe }) {
  const loaded = useLoaded(operatorsQuery, t.loadFailed);
  const operators = loaded.data;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('reviewer');
  const [removing, setRemoving] = useState<string | null>(null);
  const change = useAction({
    run: async (asked: Change): Promise<string> => {
      if ('remove' in asked) {
        await removeOperator(asked.email);
        return t.removed(asked.email);
      }
      const saved = await saveOperator(asked.email, asked.role);
      const label = roleLabels[saved.role];
      return asked.before === saved.role ? t.unchanged(saved.email, label) : t.added(saved.email, label);
    },
    done: (sentence) => sentence,
    failed: t.loadFailed,
    settle: (client) => client.invalidateQueries(operatorsQuery),
  });
  const busy = change.busy;

  const save = async (address: string, newRole: Role) => {
    const before = operators?.find((o) => o.email === address.trim().toLowerCase())?.role;
    const sentence = await change.act({ email: address, role: newRole, before });
    setRemoving(null);
    return sentence;
  };

  return (
    <section className="admin" aria-labelledby="operators-title">
      <h1 id="operators-title" className="console-title">
        {t.title}
      </h1>
      <section className="admin-card" aria-labelledby="add-operator-title">
        <h2 id="add-operator-title" className="admin-card__title">
          {t.addTitle}
        </h2>
        <ConsoleForm
          className="admin-form"
          onSubmit={() => {
            if (!looksLikeEmail(email)) return change.refuse(t.emptyEmail);
            void save(email, role).then((saved) => saved !== undefined && setEmail(''));
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
        </ConsoleForm>
      </section>

      <ActionResult outcome={change.outcome} />

      <section className="admin-card" aria-labelledby="operator-list-title">
        <h2 id="operator-list-title" className="admin-card__title">
          {t.listTitle}
        </h2>
        {operators === undefined ? (
          <LoadStatus loaded={loaded} />
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
                  <ConfirmGroup
                    question={t.confirmRemove(o.email)}
                    yes={t.confirmYes}
                    cancel={t.cancel}
                    busy={busy}
                    onYes={() => void change.act({ email: o.email, remove: true }).then(() => setRemoving(null))}
                    onCancel={() => setRemoving(null)}
                  />
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
