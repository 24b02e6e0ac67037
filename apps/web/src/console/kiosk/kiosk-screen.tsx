// /console/kiosk (decision 083): the full screen of a tablet at a booth. It shows the kiosk's current code as a QR code
// and as text, works each code out itself from the key this device holds (so it goes on through a lost connection),
// keeps the screen awake, and asks the server while it can whether the kiosk is still on and what time it is.
import { type KioskState } from '@quackquest/contract/core';
import { kioskCodeText, msUntilNextCode } from '@quackquest/contract/kiosk';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { type QrPath, qrPath } from '../../lib/qr-path';
import { consolePaths } from '../console-paths';
import { fetchKioskState } from './kiosk-api';
import { type StoredKiosk, forgetKiosk, storeKiosk, storedKiosk } from './kiosk-store';
import { kioskTexts as t } from './kiosk-texts';
import { keepKioskPage } from './kiosk-worker';
import './kiosk.css';

/** How often the kiosk asks the server, while it has a connection. */
const ASK_EVERY_MS = 30_000;

type Link = 'online' | 'offline' | 'revoked';

export default function KioskScreen() {
  const [kiosk, setKiosk] = useState<StoredKiosk | null>(storedKiosk);
  const [link, setLink] = useState<Link>(navigator.onLine ? 'online' : 'offline');
  const [confirmStop, setConfirmStop] = useState(false);

  const kioskId = kiosk?.id;
  const revoked = link === 'revoked';
  // The kiosk as it is now (its clock's offset moves), for the code each ask sends.
  const current = useRef(kiosk);
  useEffect(() => {
    current.current = kiosk;
  }, [kiosk]);
  // Whether the kiosk is still on, and the server's clock (the midpoint of the call is taken as the server's now).
  useEffect(() => {
    if (kioskId === undefined || revoked) return;
    let live = true;
    const ask = async () => {
      const sent = Date.now();
      let state: KioskState;
      try {
        // The code it shows now: the server marks the kiosk in touch only for a device that holds its key.
        const shown = current.current;
        const code = shown ? kioskCodeText(shown.id, shown.key, shown.period, sent + shown.offsetMs) : '';
        state = await fetchKioskState(kioskId, code);
      } catch (error) {
        if (!live) return;
        // A kiosk the server does not know (its database replaced) is as good as turned off.
        if (error instanceof ApiError && error.status === 404) return setLink('revoked');
        return setLink('offline');
      }
      if (!live) return;
      if (state.state === 'revoked') return setLink('revoked');
      const offsetMs = Math.round(state.serverTime - (sent + Date.now()) / 2);
      setLink('online');
      setKiosk((was) => {
        if (!was || Math.abs(was.offsetMs - offsetMs) < 250) return was;
        const next = { ...was, offsetMs };
        storeKiosk(next);
        return next;
      });
    };
    void ask();
    const timer = window.setInterval(() => void ask(), ASK_EVERY_MS);
    const online = () => void ask();
    const offline = () => setLink('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [kioskId, revoked]);

  useEffect(() => {
    if (link === 'revoked') forgetKiosk();
  }, [link]);

  const showing = Boolean(kiosk) && link !== 'revoked';
  const awake = useWakeLock(showing);
  // While it shows a kiosk, the page opens again without a connection (decision 092).
  useEffect(() => keepKioskPage(showing), [showing]);

  if (!kiosk || link === 'revoked') {
    return (
      <main className="kiosk kiosk--idle">
        <p className={link === 'revoked' ? 'error' : 'kiosk__note'} role={link === 'revoked' ? 'alert' : undefined}>
          {link === 'revoked' ? t.revoked : t.noKiosk}
        </p>
        <a className="btn btn--primary" href={consolePaths.kiosks}>
          {t.backToConsole}
        </a>
      </main>
    );
  }

  return (
    <main className="kiosk" aria-labelledby="kiosk-title">
      <h1 id="kiosk-title" className="kiosk__title">
        <span className="kiosk__scan-here">{t.scanHere}</span> {kiosk.checkpointTitle}
      </h1>
      <KioskCode kiosk={kiosk} />
      <p className={`kiosk__link kiosk__link--${link}`} role="status">
        {link === 'online' ? t.online : t.offline} {awake === 'awake' ? t.awake : awake === 'unsupported' ? t.noWakeLock : ''}
      </p>
      <footer className="kiosk__footer">
        <span>{kiosk.name}</span>
        {confirmStop ? (
          <span className="admin-confirm" role="group" aria-label={t.confirmStop}>
            <span>{t.confirmStop}</span>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                forgetKiosk();
                setKiosk(null);
              }}
            >
              {t.confirmStopYes}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirmStop(false)}>
              {t.cancel}
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => setConfirmStop(true)}>
            {t.stop}
          </button>
        )}
      </footer>
    </main>
  );
}

/** The current code, drawn again when it changes; the seconds until the next one. */
function KioskCode({ kiosk }: { kiosk: StoredKiosk }) {
  const now = () => Date.now() + kiosk.offsetMs;
  const [at, setAt] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setAt(Date.now() + kiosk.offsetMs), 250);
    return () => window.clearInterval(timer);
  }, [kiosk.offsetMs]);
  const text = kioskCodeText(kiosk.id, kiosk.key, kiosk.period, at);
  const [qr, setQr] = useState<{ text: string; path: QrPath } | null>(null);
  useEffect(() => {
    let live = true;
    void qrPath(text).then((path) => live && setQr({ text, path }));
    return () => {
      live = false;
    };
  }, [text]);
  const secondsLeft = Math.ceil(msUntilNextCode(kiosk.period, at) / 1000);
  return (
    <figure className="kiosk__code">
      {qr && (
        <svg
          className="kiosk__qr"
          viewBox={`0 0 ${qr.path.size} ${qr.path.size}`}
          role="img"
          aria-label={t.codeLabel(kiosk.checkpointTitle)}
          data-code={qr.text}
          shapeRendering="crispEdges"
        >
          <rect width={qr.path.size} height={qr.path.size} fill="#ffffff" />
          <path d={qr.path.d} fill="#000000" />
        </svg>
      )}
      <figcaption>
        <span className="kiosk__hint">{t.typeHint}</span>{' '}
        <span className="kiosk__text" data-testid="kiosk-code" translate="no">
          {text}
        </span>
        <span className="kiosk__timer">
          <progress max={kiosk.period} value={secondsLeft} aria-hidden="true" />
          <span>{t.newCodeIn(secondsLeft)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

type Awake = 'awake' | 'asleep' | 'unsupported';

/** Keeps the screen on while `wanted` (the Screen Wake Lock API), asking again each time the page shows again. */
function useWakeLock(wanted: boolean): Awake {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [awake, setAwake] = useState<Awake>(supported ? 'asleep' : 'unsupported');
  useEffect(() => {
    if (!wanted || !supported) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const request = async () => {
      if (document.visibilityState !== 'visible' || lock) return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (!live) return void lock.release();
        setAwake('awake');
        lock.addEventListener('release', () => {
          lock = null;
          if (live) setAwake('asleep');
        });
      } catch {
        if (live) setAwake('asleep');
      }
    };
    void request();
    const visible = () => void request();
    document.addEventListener('visibilitychange', visible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', visible);
      void lock?.release();
    };
  }, [wanted, supported]);
  return awake;
}
