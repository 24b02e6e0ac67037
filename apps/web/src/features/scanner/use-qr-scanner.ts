// The scan loop of docs/product.md §5.4: the camera starts 300 ms after the popup opens, frames are read
// 10 times a second inside the scan box, and each code found is handed to `onCode`, which asks the
// server. 'valid' stops the camera; 'invalid' shows for 2 s and scanning resumes. Unmounting (closing
// the popup) stops the camera and forgets everything.
import { useEffect, useRef, useState } from 'react';
import { cameraErrorText } from './camera-errors';
import { openCamera, stopStream } from './camera';
import { SCAN_FPS, scanRegion } from './scan-region';
import type { QrDetector } from './detector';
import { createQrDetector } from './qr-detector';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

const CAMERA_START_DELAY_MS = 300;
const INVALID_MESSAGE_MS = 2000;
/** The same invalid code seen again within this time is shown as invalid without asking again. */
const REPEAT_INVALID_MS = 5000;

export type ScanVerdict = 'valid' | 'invalid' | 'ignore' | 'stop' | { error: string };

export type ScanStatus =
  | { kind: 'starting' }
  /** The camera shows, the decoder has not arrived yet (its chunk on a slow link, on a browser without its own). */
  | { kind: 'preparing' }
  | { kind: 'scanning' }
  | { kind: 'checking' }
  | { kind: 'valid' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  /** The camera or the decoder could not start: shown until the visitor tries again or closes. */
  | { kind: 'broken'; message: string };

const scannerLoadFailedText = (): string => t('scan.loadFailed');

export function useQrScanner(onCode: (text: string) => Promise<ScanVerdict>, restartKey: number) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  const [status, setStatus] = useState<ScanStatus>({ kind: 'starting' });

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let interval: ReturnType<typeof setInterval> | undefined;
    let resumeTimer: ReturnType<typeof setTimeout> | undefined;
    let busy = false;
    let paused = false;
    let lastInvalid: { text: string; at: number } | null = null;
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    // Start getting the decoder while the popup opens: the browser's own, or jsQR's chunk when the browser has none
    // that reads QR codes.
    let detectorArrived = false;
    const detectorReady = createQrDetector().finally(() => (detectorArrived = true));
    detectorReady.catch(() => undefined);
    setStatus({ kind: 'starting' });

    // The last picture stays on screen (paused) until the popup closes.
    const stop = () => {
      clearInterval(interval);
      video.pause();
      stopStream(stream);
      stream = null;
    };
    const pauseFor = (next: ScanStatus, ms: number) => {
      paused = true;
      setStatus(next);
      resumeTimer = setTimeout(() => {
        paused = false;
        if (!cancelled) setStatus({ kind: 'scanning' });
      }, ms);
    };

    const handle = async (text: string) => {
      if (lastInvalid?.text === text && Date.now() - lastInvalid.at < REPEAT_INVALID_MS) {
        pauseFor({ kind: 'invalid' }, INVALID_MESSAGE_MS);
        return;
      }
      setStatus({ kind: 'checking' });
      const verdict = await onCodeRef.current(text);
      if (cancelled) return;
      if (verdict === 'valid') {
        paused = true;
        stop();
        setStatus({ kind: 'valid' });
      } else if (verdict === 'invalid') {
        lastInvalid = { text, at: Date.now() };
        pauseFor({ kind: 'invalid' }, INVALID_MESSAGE_MS);
      } else if (verdict === 'stop') {
        paused = true;
        stop();
      } else if (verdict === 'ignore') {
        setStatus({ kind: 'scanning' });
      } else {
        pauseFor({ kind: 'failed', message: verdict.error }, INVALID_MESSAGE_MS);
      }
    };

    const tick = async (detector: QrDetector) => {
      if (busy || paused || cancelled || video.readyState < 2) return;
      busy = true;
      try {
        const text = await readFrame(detector, video, canvas);
        if (text && !cancelled) await handle(text);
      } catch {
        // A frame that cannot be read is skipped; the next one comes 100 ms later.
      } finally {
        busy = false;
      }
    };

    const startTimer = setTimeout(() => {
      void (async () => {
        try {
          stream = await openCamera();
          if (cancelled) return stop();
          video.srcObject = stream;
          await video.play();
          if (cancelled) return stop();
          if (!detectorArrived) setStatus({ kind: 'preparing' });
          const detector = await detectorReady.catch(() => null);
          if (cancelled) return stop();
          if (!detector) {
            stop();
            return setStatus({ kind: 'broken', message: scannerLoadFailedText() });
          }
          setStatus({ kind: 'scanning' });
          interval = setInterval(() => void tick(detector), 1000 / SCAN_FPS);
        } catch (error) {
          stop();
          if (!cancelled) setStatus({ kind: 'broken', message: cameraErrorText(error) });
        }
      })();
    }, CAMERA_START_DELAY_MS);

    return () => {
      cancelled = true;
      clearTimeout(startTimer);
      clearTimeout(resumeTimer);
      stop();
      video.srcObject = null;
    };
  }, [restartKey]);

  return { videoRef, status };
}

async function readFrame(detector: QrDetector, video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const view = video.getBoundingClientRect();
  const region = scanRegion({ width: video.videoWidth, height: video.videoHeight }, view);
  if (region.sw === 0 || region.sh === 0) return null;
  canvas.width = region.sw;
  canvas.height = region.sh;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, region.sx, region.sy, region.sw, region.sh, 0, 0, region.sw, region.sh);
  const codes = await detector.detect(context.getImageData(0, 0, region.sw, region.sh));
  const text = codes.find((code) => code.rawValue.trim())?.rawValue.trim();
  return text ?? null;
}
