// /console/campaign (docs/product.md §15; admin, decision 032): the stored versions, a pack from the server's
// campaigns folder or an earlier version previewed as the diff campaign:load prints, with renamed ids mapped, then
// loaded. The server refuses a load that would leave visitors' progress behind unless "Load anyway" is ticked. The
// rewards' stock is changed here too (stock-card.tsx, decision 071).
import type { CampaignPlan, CampaignRenames } from '@quackquest/contract/core';
import { useState } from 'react';
import { ActionResult } from '../action-result';
import { LoadStatus, useAction, useLoaded } from '../console-data';
import { formatTime } from '../time';
import { type CampaignSource, campaignPageQuery, loadCampaign, previewCampaign } from './campaign-api';
import { campaignTexts as t } from './campaign-texts';
import { StockCard } from './stock-card';
import { stockQuery } from './stock-api';
import { VersionsCard } from './versions-card';
import '../admin.css';
import './campaign.css';
import { ConsoleForm } from '../console-form';

interface RenameRow {
  key: number;
  kind: 'checkpoints' | 'rewards';
  from: string;
  to: string;
}

let nextKey = 1;
const ORPHANED = ['attempts', 'spins', 'claims', 'vouchers', 'visitors'] as const;

function toRenames(rows: RenameRow[]): CampaignRenames | null {
  const renames: CampaignRenames = { checkpoints: {}, rewards: {} };
  for (const row of rows) {
    if (!row.from.trim() && !row.to.trim()) continue;
    if (!row.from.trim() || !row.to.trim()) return null;
    renames[row.kind][row.from.trim()] = row.to.trim();
  }
  return renames;
}

const describe = (source: CampaignSource) => ('pack' in source ? t.packLabel(source.pack) : t.versionLabel(source.version));

export default function CampaignScreen() {
  const loaded = useLoaded(campaignPageQuery, t.pageFailed);
  const page = loaded.data;
  const [picked, setPack] = useState('');
  const pack = picked || page?.packs[0] || '';
  const [rows, setRows] = useState<RenameRow[]>([]);
  const [source, setSource] = useState<CampaignSource | null>(null);
  const [plan, setPlan] = useState<CampaignPlan | null>(null);
  const [confirm, setConfirm] = useState(false);
  const preview = useAction({
    run: ({ chosen, renames }: { chosen: CampaignSource; renames: CampaignRenames }) => previewCampaign(chosen, renames),
    failed: t.failed,
  });
  const loadPack = useAction({
    run: (asked: { chosen: CampaignSource; renames: CampaignRenames; confirm: boolean }) =>
      loadCampaign(asked.chosen, asked.renames, asked.confirm),
    done: (done) => t.loaded(done.version ?? 0),
    failed: t.failed,
    // The versions, and the rewards' stock, as the load left them.
    settle: (client) => Promise.all([client.invalidateQueries(campaignPageQuery), client.invalidateQueries(stockQuery)]),
  });
  const busy = preview.busy || loadPack.busy;

  /** Any change to what would be loaded drops the preview: the diff must be seen again. */
  const forget = () => {
    setPlan(null);
    setConfirm(false);
    loadPack.clear();
  };

  const show = async (chosen: CampaignSource) => {
    const renames = toRenames(rows);
    forget();
    preview.clear();
    if (!renames) return preview.refuse(t.emptyRename);
    setSource(chosen);
    setPlan((await preview.act({ chosen, renames })) ?? null);
  };

  const load = async () => {
    const renames = toRenames(rows);
    if (!source || !renames) return;
    preview.clear();
    if (!(await loadPack.act({ chosen: source, renames, confirm }))) return;
    setPlan(null);
    setConfirm(false);
    setRows([]);
  };

  const setRow = (key: number, change: Partial<RenameRow>) => {
    forget();
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  };

  return (
    <section className="admin campaign" aria-labelledby="campaign-title">
      <h1 id="campaign-title" className="console-title">
        {t.title}
      </h1>

      <section className="admin-card" aria-labelledby="campaign-load-title">
        <h2 id="campaign-load-title" className="admin-card__title">
          {t.loadTitle}
        </h2>
        <p className="admin-hint">{t.loadHint}</p>
        {page === undefined ? (
          <LoadStatus loaded={loaded} loadingText={t.pageLoading} />
        ) : page.packs.length === 0 ? (
          <p className="admin-hint">{t.noPacks}</p>
        ) : (
          <ConsoleForm
            className="campaign-pick"
            onSubmit={() => {
              if (pack) void show({ pack });
            }}
          >
            <div className="field">
              <label className="field__label" htmlFor="campaign-pack">
                {t.pack}
              </label>
              <select
                id="campaign-pack"
                className="input"
                value={pack}
                onChange={(event) => {
                  forget();
                  setPack(event.target.value);
                }}
              >
                {page.packs.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn--primary" disabled={busy || !pack}>
              {busy ? t.previewing : t.preview}
            </button>
          </ConsoleForm>
        )}

        <fieldset className="campaign-renames">
          <legend className="campaign-renames__title">{t.renamesTitle}</legend>
          <p className="admin-hint">{t.renamesHint}</p>
          {rows.map((row, index) => (
            <div key={row.key} className="campaign-rename">
              <select
                className="input"
                aria-label={`${t.kind} ${index + 1}`}
                value={row.kind}
                onChange={(event) => setRow(row.key, { kind: event.target.value as RenameRow['kind'] })}
              >
                <option value="checkpoints">{t.checkpoint}</option>
                <option value="rewards">{t.reward}</option>
              </select>
              <input
                className="input"
                aria-label={`${t.oldId} ${index + 1}`}
                placeholder={t.oldId}
                maxLength={200}
                value={row.from}
                onChange={(event) => setRow(row.key, { from: event.target.value })}
              />
              <span aria-hidden="true">→</span>
              <input
                className="input"
                aria-label={`${t.newId} ${index + 1}`}
                placeholder={t.newId}
                maxLength={200}
                value={row.to}
                onChange={(event) => setRow(row.key, { to: event.target.value })}
              />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  if (row.from.trim() || row.to.trim()) forget();
                  setRows((current) => current.filter((r) => r.key !== row.key));
                }}
              >
                {t.removeRename}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn--ghost campaign-renames__add"
            onClick={() => {
              // An empty row maps nothing: the preview stands until a name is typed.
              setRows((current) => [...current, { key: nextKey++, kind: 'checkpoints', from: '', to: '' }]);
            }}
          >
            {t.addRename}
          </button>
        </fieldset>
      </section>

      {plan && source && (
        <section className="admin-card" aria-labelledby="campaign-changes-title">
          <h2 id="campaign-changes-title" className="admin-card__title">
            {t.changesTitle(describe(source))}
          </h2>
          <p className="campaign-holds">{t.holds(plan.summary)}</p>
          <p className="admin-hint">
            {t.dates(formatTime(Date.parse(plan.summary.startsAt) / 1000), formatTime(Date.parse(plan.summary.endsAt) / 1000))}
          </p>
          {plan.lines.length ? (
            <ul className="campaign-lines">
              {plan.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>{t.noChanges}</p>
          )}
          <h3 className="campaign-subtitle">{t.orphanedTitle}</h3>
          <dl className="campaign-orphaned">
            {ORPHANED.map((key) => (
              <div key={key} data-nonzero={plan.orphaned[key] > 0}>
                <dt>{t.orphaned[key]}</dt>
                <dd>{plan.orphaned[key]}</dd>
              </div>
            ))}
          </dl>
          {plan.losses.length > 0 && (
            <div className="admin-confirm">
              <p>{t.losses}</p>
              <ul className="campaign-lines">
                {plan.losses.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <label className="admin-check">
                <input type="checkbox" checked={confirm} onChange={(event) => setConfirm(event.target.checked)} />
                <span>{t.confirm}</span>
              </label>
            </div>
          )}
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void load()}>
            {busy ? t.loading : t.load(describe(source))}
          </button>
        </section>
      )}

      <ActionResult outcome={loadPack.outcome ?? preview.outcome} className="campaign-error" />

      {/* Once the page has arrived: a page that could not be read says so once, with its own "Try again". */}
      {page && <StockCard />}

      <VersionsCard
        versions={page?.versions}
        loading={page === undefined && !loaded.failure}
        busy={busy}
        onRestore={(version) => void show({ version })}
      />
    </section>
  );
}
