// Photo upload (docs/product.md §2.7, type Upload): choose an image, and Upload prepares it in the browser
// (resized to 2,000 px, JPEG without metadata, decision 027), sends it at once through a signed URL with
// its progress, Cancel and Retry, then records the attempt with the stored photo's key (§11, difference 6).
// Without a signal the prepared photo is kept on the phone and sent later (decision 036).
import { type Checkpoint, messages } from '@quackquest/contract/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlert } from '../../components/alert';
import { ApiError, networkErrorText, sayText } from '../../lib/api-client';
import { isOffline } from '../../lib/online';
import { paths } from '../../lib/paths';
import { getUploadUrl } from './upload-url-api';
import { redirectDelayMs } from './timing';
import { uploadProgressText } from './photo-size';
import { textWithValues } from '../../lib/text-with-values';
import {
  UploadCancelled,
  clearPendingUpload,
  putUpload,
  readPendingUpload,
  savePendingUpload,
  uploadContentType,
  uploadTexts,
} from './upload';
import { queueAnswer, useAttempt } from './use-attempt';
import { useDelayedNavigate } from './use-delayed-navigate';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

type Phase = 'idle' | 'preparing' | 'uploading' | 'recording' | 'done' | 'cancelled' | 'failed';

export function UploadAction({ checkpoint }: { checkpoint: Checkpoint }) {
  const { checkpointId } = checkpoint;
  // A photo kept from an earlier try on this checkpoint is offered again.
  const [file, setFile] = useState<File | null>(() => readPendingUpload(checkpointId));
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState('');
  const [retryable, setRetryable] = useState(true);
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const input = useRef<HTMLInputElement>(null);
  // The photo as prepared for its chosen file: a retry sends the same bytes without preparing them again.
  const prepared = useRef<{ source: File; photo: File } | null>(null);
  const sending = useRef<AbortController | null>(null);
  const alert = useAlert();
  const submitAttempt = useAttempt(checkpoint);
  const navigateLater = useDelayedNavigate();
  const busy = phase === 'preparing' || phase === 'uploading' || phase === 'recording' || phase === 'done';

  // Leaving the screen stops a photo still being sent.
  useEffect(() => () => sending.current?.abort(), []);
  // The photo is prepared by its own chunk: asked for with this screen, so a photo taken where the signal is
  // lost can still be prepared and kept (decision 036).
  useEffect(() => void import('./prepare-photo').catch(() => undefined), []);

  /** A failure the same photo may overcome (the network, the server) offers Retry; an unusable photo does not. */
  const fail = (message: string, canRetry = true) => {
    setError(message);
    setRetryable(canRetry);
    setPhase('failed');
  };

  const upload = async () => {
    if (!file) return alert(sayText(messages, 'uploadMissing'));
    if (!uploadContentType(file)) return fail(sayText(messages, 'uploadType'), false);
    setError('');
    setPhase('preparing');
    let photo = prepared.current?.source === file ? prepared.current.photo : null;
    if (!photo) {
      // Its own chunk, loaded on the first Upload: the first screen does not carry it.
      const preparePhoto = await import('./prepare-photo').then(
        (module) => module.preparePhoto,
        () => null,
      );
      if (!preparePhoto) return fail(networkErrorText());
      try {
        photo = await preparePhoto(file);
      } catch {
        return fail(uploadTexts.undecodable, false);
      }
      prepared.current = { source: file, photo };
    }
    // The route shows "Waiting for signal" once the photo is in the queue.
    const keep = async (kept: File) => {
      if (!(await queueAnswer(checkpoint, { answer: '', photo: kept }))) return fail(networkErrorText());
      clearPendingUpload();
      setPhase('idle');
    };
    if (isOffline()) return keep(photo);
    const controller = new AbortController();
    sending.current = controller;
    setProgress({ sent: 0, total: photo.size });
    setPhase('uploading');
    try {
      // The prepared photo (small, without metadata) is the one kept for a retry after a reload.
      await savePendingUpload(photo, checkpointId).catch(() => undefined);
      const target = await getUploadUrl(checkpointId, { type: photo.type, name: photo.name, size: photo.size });
      await putUpload(target.uploadUrl, photo, target.headers, {
        signal: controller.signal,
        onProgress: (sent, total) => setProgress({ sent, total }),
      });
      setPhase('recording');
      const outcome = await submitAttempt(target.key);
      if (outcome.status === 'failed') return fail(outcome.message);
      if (outcome.status !== 'done') return setPhase('idle');
      clearPendingUpload();
      setPhase('done');
      navigateLater(paths.congrats, redirectDelayMs.upload);
    } catch (caught) {
      if (caught instanceof UploadCancelled || controller.signal.aborted) return setPhase('cancelled');
      // Kept only when the phone knows it lost the signal; a failure with a signal keeps its Retry (decision 027).
      if (caught instanceof ApiError && caught.status === 0 && isOffline()) return keep(photo);
      fail((caught instanceof ApiError && caught.message) || uploadTexts.failed);
    } finally {
      if (sending.current === controller) sending.current = null;
    }
  };

  const shown = uploadProgressText(progress.sent, progress.total);
  const sendingNow = phase === 'uploading' || phase === 'recording';
  const statusTexts: Partial<Record<Phase, string>> = {
    preparing: uploadTexts.preparing,
    cancelled: uploadTexts.cancelled,
    done: uploadTexts.success,
  };

  return (
    <div className="action">
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setError('');
          setPhase('idle');
        }}
      />
      <FilePreview file={file} />
      {sendingNow ? (
        <div className="upload__progress">
          <div className="upload__progress-row">
            <div>
              <p className="upload__percent">{shown.percent}</p>
              <p className="upload__bytes muted">
                {shown.total === null ? (
                  <span translate="no">{shown.sent}</span>
                ) : (
                  textWithValues('upload.bytesOf', { sent: shown.sent, total: shown.total })
                )}
              </p>
            </div>
            <button
              type="button"
              className="btn btn--ghost upload__cancel"
              onClick={() => sending.current?.abort()}
              disabled={phase !== 'uploading'}
            >
              {t('common.cancel')}
            </button>
          </div>
          <progress
            className="upload__bar"
            aria-label={t('checkpoint.uploadProgress')}
            max={progress.total || 1}
            value={progress.sent}
          />
        </div>
      ) : (
        <div className="upload__buttons">
          <button type="button" className="btn btn--ghost" onClick={() => input.current?.click()} disabled={busy}>
            {t('checkpoint.browse')}
          </button>
          <button type="button" className="btn btn--duck" onClick={() => void upload()} disabled={busy}>
            {phase === 'preparing' ? t('checkpoint.uploading') : t('checkpoint.upload')}
          </button>
        </div>
      )}
      <p className={`action__status${phase === 'done' ? ' action__status--ok' : ''}`} role="status">
        {statusTexts[phase] ?? ''}
      </p>
      {(phase === 'failed' || phase === 'cancelled') && (
        <div className="upload__failed" role={phase === 'failed' ? 'alert' : undefined}>
          {phase === 'failed' && <p className="error">{error}</p>}
          {(phase === 'cancelled' || retryable) && (
            <button type="button" className="btn btn--primary" onClick={() => void upload()}>
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function FilePreview({ file }: { file: File | null }) {
  // The file the browser could not show (HEIC on most browsers): its name is shown alone.
  const [brokenFile, setBrokenFile] = useState<File | null>(null);
  if (!file) return <p className="upload__file muted">{t('checkpoint.noPhoto')}</p>;
  return (
    <div className="upload__file">
      {file !== brokenFile && <Thumbnail file={file} onError={() => setBrokenFile(file)} />}
      <span className="upload__name" translate="no">
        {file.name}
      </span>
    </div>
  );
}

function Thumbnail({ file, onError }: { file: File; onError: () => void }) {
  // The object URL lives as long as the image shows this file: made when the element is attached,
  // revoked by the ref's cleanup (a new file, or the element gone).
  const showFile = useCallback(
    (img: HTMLImageElement) => {
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={showFile} alt="" className="upload__thumb" onError={onError} />;
}
