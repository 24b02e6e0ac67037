// Photo upload (docs/product.md §2.7, type Upload): choose an image, and Upload sends it at once
// through a signed URL, then records the attempt with the stored photo's key (docs/product.md §11, difference 6).
import { type Checkpoint, UPLOAD_MAX_BYTES, messages } from '@quackquest/contract/core';
import { useCallback, useRef, useState } from 'react';
import { useAlert } from '../../components/alert';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { getUploadUrl } from './upload-url-api';
import { redirectDelayMs } from './timing';
import { clearPendingUpload, putUpload, readPendingUpload, savePendingUpload, uploadContentType, uploadTexts } from './upload';
import { useAttempt } from './use-attempt';
import { useDelayedNavigate } from './use-delayed-navigate';

type Phase = 'idle' | 'uploading' | 'done' | 'failed';

export function UploadAction({ checkpoint }: { checkpoint: Checkpoint }) {
  const { checkpointId } = checkpoint;
  // A photo kept from an earlier try on this checkpoint is offered again.
  const [file, setFile] = useState<File | null>(() => readPendingUpload(checkpointId));
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const alert = useAlert();
  const submitAttempt = useAttempt(checkpoint);
  const navigateLater = useDelayedNavigate();
  const busy = phase === 'uploading' || phase === 'done';

  const fail = (message: string) => {
    setError(message);
    setPhase('failed');
  };

  const upload = async () => {
    if (!file) return alert(messages.uploadMissing);
    const contentType = uploadContentType(file);
    if (!contentType) return fail(messages.uploadType);
    if (file.size > UPLOAD_MAX_BYTES) return fail(uploadTexts.tooLarge);
    setPhase('uploading');
    setError('');
    try {
      await savePendingUpload(file, checkpointId).catch(() => undefined);
      const target = await getUploadUrl(checkpointId, { type: contentType, name: file.name, size: file.size });
      await putUpload(target.uploadUrl, file, target.headers);
      const outcome = await submitAttempt(target.key);
      if (outcome.status === 'failed') return fail(outcome.message);
      if (outcome.status !== 'done') return setPhase('idle');
      clearPendingUpload();
      setPhase('done');
      navigateLater(paths.congrats, redirectDelayMs.upload);
    } catch (caught) {
      fail((caught instanceof ApiError && caught.message) || uploadTexts.failed);
    }
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
      <div className="upload__buttons">
        <button type="button" className="btn btn--ghost" onClick={() => input.current?.click()} disabled={busy}>
          Browse
        </button>
        <button type="button" className="btn btn--duck" onClick={() => void upload()} disabled={busy}>
          {phase === 'uploading' ? 'Uploading...' : 'Upload'}
        </button>
      </div>
      <p className="action__status action__status--ok" role="status">
        {phase === 'done' ? uploadTexts.success : ''}
      </p>
      {phase === 'failed' && (
        <div className="upload__failed" role="alert">
          <p className="error">{error}</p>
          <button type="button" className="btn btn--primary" onClick={() => void upload()}>
            Try again
          </button>
        </div>
      )}
    </div>
  );
}

function FilePreview({ file }: { file: File | null }) {
  // The file the browser could not show (HEIC on most browsers): its name is shown alone.
  const [brokenFile, setBrokenFile] = useState<File | null>(null);
  if (!file) return <p className="upload__file muted">No photo chosen yet.</p>;
  return (
    <div className="upload__file">
      {file !== brokenFile && <Thumbnail file={file} onError={() => setBrokenFile(file)} />}
      <span className="upload__name">{file.name}</span>
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
