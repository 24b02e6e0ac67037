// /console/kiosks (decision 083; admin, staff): the checkpoints that show a rotating code, each with its kiosks. A
// kiosk is started on the device that will show it (the tablet at the booth), which then opens the kiosk screen; any
// kiosk can be turned off from here, and its codes are refused from then on.
import { useState } from 'react';
import { ActionResult } from '../action-result';
import { ConfirmGroup } from '../confirm-group';
import { ConsoleForm } from '../console-form';
import { LoadStatus, useAction, useLoaded } from '../console-data';
import { consolePaths } from '../console-paths';
import { formatTime } from '../time';
import { kiosksQuery, revokeKiosk, startKiosk } from './kiosk-api';
import { storeKiosk, storedKiosk } from './kiosk-store';
import { kioskTexts as t } from './kiosk-texts';
import '../admin.css';
import './kiosk.css';

const seconds = (iso: string) => Date.parse(iso) / 1000;
function InTouch({ lastSeenAt, quiet }: { lastSeenAt: string | null; quiet: boolean }) {
  if (lastSeenAt === null) return <span className="admin-row__sub">{t.neverInTouch}</span>;
  const when = formatTime(seconds(lastSeenAt));
  return quiet ? (
    <span className="admin-row__sub kiosk-quiet">{t.quietSince(when)}</span>
  ) : (
    <span className="admin-row__sub">{t.lastInTouch(when)}</span>
  );
}

export default function KiosksScreen() {
  const loaded = useLoaded(kiosksQuery, t.loadFailed);
  const [names, setNames] = useState<Record<string, string>>({});
  const [turningOff, setTurningOff] = useState<number | null>(null);
  const here = storedKiosk();
  const start = useAction({
    run: startKiosk,
    failed: t.startFailed,
    settle: (client) => client.invalidateQueries(kiosksQuery),
  });
  const turnOff = useAction({
    run: ({ id }: { id: number; name: string }) => revokeKiosk(id),
    done: (_, { name }) => t.turnedOff(name),
    failed: t.turnOffFailed,
    settle: (client) => client.invalidateQueries(kiosksQuery),
  });

  return (
    <section className="admin" aria-labelledby="kiosks-title">
      <h1 id="kiosks-title" className="console-title">
        {t.title}
      </h1>
      <p className="admin-hint">{t.intro}</p>
      {here && (
        <p className="admin-done" role="status">
          {t.thisDevice(here.name)} <a href={consolePaths.kiosk}>{t.openKiosk}</a>
        </p>
      )}
      <ActionResult outcome={start.outcome} />
      <ActionResult outcome={turnOff.outcome} />
      {loaded.data === undefined ? (
        <LoadStatus loaded={loaded} />
      ) : loaded.data.length === 0 ? (
        <p className="console-notice">{t.none}</p>
      ) : (
        loaded.data.map((checkpoint) => {
          const name = names[checkpoint.id] ?? '';
          return (
            <section key={checkpoint.id} className="admin-card" aria-labelledby={`kiosks-${checkpoint.id}`}>
              <h2 id={`kiosks-${checkpoint.id}`} className="admin-card__title">
                {checkpoint.title}
              </h2>
              <p className="admin-row__sub">{t.every(checkpoint.period)}</p>
              <ConsoleForm
                className="admin-form"
                onSubmit={() => {
                  if (!name.trim()) return start.refuse(t.emptyName);
                  void start.act({ checkpoint: checkpoint.id, name: name.trim() }).then((started) => {
                    if (!started) return;
                    storeKiosk({ ...started, offsetMs: 0 });
                    // A page of its own, outside the console's session: the tablet shows it all day.
                    window.location.assign(consolePaths.kiosk);
                  });
                }}
              >
                <label className="field">
                  <span className="field__label">{t.nameLabel}</span>
                  <input
                    className="input"
                    name="name"
                    autoComplete="off"
                    maxLength={60}
                    placeholder={t.namePlaceholder}
                    value={name}
                    onChange={(event) => setNames({ ...names, [checkpoint.id]: event.target.value })}
                  />
                </label>
                <button type="submit" className="btn btn--primary" disabled={start.busy}>
                  {start.busy ? t.starting : t.start}
                </button>
              </ConsoleForm>
              {checkpoint.kiosks.length === 0 ? (
                <p className="admin-row__sub">{t.noKiosks}</p>
              ) : (
                <ul className="admin-list">
                  {checkpoint.kiosks.map((kiosk) => (
                    <li key={kiosk.id} className="admin-row">
                      <span className="admin-row__main">
                        <strong>{kiosk.name}</strong>
                        <span className="admin-row__sub">
                          {t.startedBy(kiosk.createdBy, formatTime(seconds(kiosk.createdAt)))}
                        </span>
                        {kiosk.revokedAt ? (
                          <span className="admin-row__sub">
                            {t.off(kiosk.revokedBy ?? '?', formatTime(seconds(kiosk.revokedAt)))}
                          </span>
                        ) : (
                          <InTouch lastSeenAt={kiosk.lastSeenAt} quiet={kiosk.quiet} />
                        )}
                      </span>
                      {kiosk.revokedAt ? null : turningOff === kiosk.id ? (
                        <ConfirmGroup
                          question={t.confirmTurnOff(kiosk.name)}
                          yes={t.confirmYes}
                          cancel={t.cancel}
                          busy={turnOff.busy}
                          onYes={() => void turnOff.act({ id: kiosk.id, name: kiosk.name }).then(() => setTurningOff(null))}
                          onCancel={() => setTurningOff(null)}
                        />
                      ) : (
                        <span className="admin-actions">
                          <span className="kiosk-on">{t.on}</span>
                          <button
                            type="button"
                            className="btn btn--ghost"
                            aria-label={`${t.turnOff} ${kiosk.name}`}
                            onClick={() => setTurningOff(kiosk.id)}
                          >
                            {t.turnOff}
                          </button>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </section>
  );
}
