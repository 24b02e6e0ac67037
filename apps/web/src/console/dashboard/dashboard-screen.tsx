// /console/dashboard (docs/product.md §15; admin): the campaign's live numbers in cards, one column on a
// phone and two on a laptop, read again every 10 seconds while the tab is visible.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { failureMessage } from '../../lib/api-client';
import type { Dashboard } from '../console-types';
import { dashboardTexts as t, formatAge } from './dashboard-texts';
import { dashboardQuery } from './dashboard-api';
import '../dashboard.css';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const count = new Intl.NumberFormat('en');

export default function DashboardScreen() {
  const numbers = useQuery(dashboardQuery);
  const data = numbers.data;
  const updated = data ? clock.format(new Date(numbers.dataUpdatedAt)) : '';
  // The last read's failure, until one succeeds.
  const error = numbers.error ? failureMessage(numbers.error, t.loadFailed) : '';
  return (
    <section className="dash" aria-labelledby="dash-title">
      <div className="dash-head">
        <h1 id="dash-title" className="console-title">
          {t.title}
        </h1>
        <p className="dash-updated">{updated ? t.updated(updated) : t.loading}</p>
      </div>
      <p className="dash-note">{t.refreshNote}</p>
      <p className="dash-error" role="status">
        {error && data ? t.refreshFailed(error, updated) : ''}
      </p>
      {!data && error && (
        <div className="console-notice">
          <p role="alert">
            {t.loadFailed} {error}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void numbers.refetch()}>
            {t.tryAgain}
          </button>
        </div>
      )}
      {data && <Cards data={data} />}
    </section>
  );
}

function Cards({ data }: { data: Dashboard }) {
  const oldest = data.reviews.oldestPendingAt;
  return (
    <div className="dash-grid">
      <Card id="dash-visitors" title={t.visitors}>
        <Figures
          items={[
            [t.registered, data.visitors.total],
            [t.today, data.visitors.today],
            [t.active, data.activeLast15Minutes],
          ]}
        />
      </Card>
      <Card id="dash-reviews" title={t.reviews}>
        <Figures
          items={[
            [t.waiting, data.reviews.pending],
            [t.oldest, oldest === null ? t.nothingWaiting : formatAge(data.at - oldest)],
          ]}
        />
      </Card>
      <Card id="dash-claims" title={t.claims}>
        <Figures
          items={[
            [t.total, data.claims.total],
            [t.today, data.claims.today],
            [`${t.redemptions}`, data.redemptions.total],
            [`${t.redemptions} ${t.today.toLowerCase()}`, data.redemptions.today],
          ]}
        />
      </Card>
      <Card id="dash-ducks" title={t.ducks}>
        <Figures
          items={[
            [t.posted, data.ducks.posted],
            [t.pending, data.ducks.pending],
          ]}
        />
      </Card>
      <Card id="dash-rewards" title={t.rewards}>
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{t.reward}</th>
              <th scope="col">{t.stockLeft}</th>
              <th scope="col">{t.claimed}</th>
              <th scope="col">{t.redeemed}</th>
            </tr>
          </thead>
          <tbody>
            {data.rewards.map((r) => (
              <tr key={r.item} className={r.stockLeft === 0 ? 'dash-out' : undefined}>
                <th scope="row">{r.item}</th>
                <td>{count.format(r.stockLeft)}</td>
                <td>{count.format(r.claimed)}</td>
                <td>{count.format(r.redeemed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card id="dash-checkpoints" title={t.checkpoints}>
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{t.checkpoint}</th>
              <th scope="col">{t.completions}</th>
            </tr>
          </thead>
          <tbody>
            {data.checkpoints.map((c) => (
              <tr key={c.checkpointId}>
                <th scope="row">{c.title}</th>
                <td>{count.format(c.completions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="dash-note">{t.checkpointsAsOf(clock.format(new Date(data.checkpointsAt * 1000)))}</p>
      </Card>
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="dash-card" aria-labelledby={id}>
      <h2 id={id} className="dash-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figures({ items }: { items: [string, number | string][] }) {
  return (
    <dl className={items.length === 4 ? 'dash-figures dash-figures--pairs' : 'dash-figures'}>
      {items.map(([label, value], i) => (
        <div key={label} className={i === 0 ? 'dash-figure dash-figure--main' : 'dash-figure'}>
          <dt>{label}</dt>
          <dd>{typeof value === 'number' ? count.format(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}
