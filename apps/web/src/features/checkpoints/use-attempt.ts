// Submitting an attempt (docs/product.md §5.4, §6 and §7.3): one call at a time, the same attempt within 5 s
// skipped silently, 403 (maximum attempts) and 409 (already completed) alerted with the server's words
// and sent back to the list. The server grades; a success refreshes the ducks and the list. Without a signal
// (offline, or the call never reached the server) the answer is kept on the phone and sent later (decision 036).
import { type AttemptResult, type Checkpoint } from '@quackquest/contract/core';
import { said } from '@quackquest/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../components/alert';
import { ApiError, apiLanguage } from '../../lib/api-client';
import { meQueryKey } from '../../lib/me-api';
import { paths } from '../../lib/paths';
import { enqueueAnswer } from '../../lib/answer-queue';
import { isOffline } from '../../lib/online';
import { keys, read } from '../../lib/storage';
import { type AttemptSending, newAnswerKey, postAttempt } from './attempt-api';
import { checkpointsQueryKey } from './checkpoints-api';
import { isDuplicateAttempt, readRecentAttempts, recordAttempt } from './recent-attempts';

export type AttemptOutcome =
  | { status: 'done'; result: AttemptResult }
  /** Another call is running, or the same attempt was made within 5 s. */
  | { status: 'skipped' }
  /** Alerted and sent back to the list (403, 409). */
  | { status: 'redirected' }
  /** Kept on the phone until there is a signal: the screen says it is waiting. */
  | { status: 'queued' }
  | { status: 'failed'; message: string };

const attemptFailedText = 'Your answer could not be sent. Please try again.';

// Shared by every action on the screen: the spec allows only one tracking call at a time.
let inFlight = false;

type AttemptCheckpoint = Pick<Checkpoint, 'checkpointId' | 'type' | 'maxAttempts' | 'title'>;

/** Keeps an answer (or a photo, as its prepared JPEG) on the phone until it can be sent. False: it could not be kept. */
export async function queueAnswer(
  checkpoint: AttemptCheckpoint,
  answer: { answer: string | string[]; typed?: boolean; photo?: File },
  sending: AttemptSending = { key: newAnswerKey(), answeredAt: Date.now() },
): Promise<boolean> {
  const owner = read(keys.userEmail);
  if (!owner) return false;
  return enqueueAnswer({
    owner,
    checkpointId: checkpoint.checkpointId,
    checkpointType: checkpoint.type,
    title: checkpoint.title,
    answer: answer.answer,
    typed: answer.typed ?? false,
    ...sending,
    ...(answer.photo ? { photo: answer.photo, photoName: answer.photo.name } : {}),
  }).then(
    () => true,
    () => false,
  );
}

export function useAttempt(checkpoint: AttemptCheckpoint) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const { checkpointId, type, maxAttempts, title } = checkpoint;

  return useCallback(
    /** `typed`: a Scan code typed from under the QR (decision 029). */
    async (answer: string | string[], typed = false): Promise<AttemptOutcome> => {
      const record = {
        email: read(keys.userEmail) ?? '',
        checkpointName: checkpointId,
        checkpointType: type,
        answer: Array.isArray(answer) ? answer.join('_') : answer,
      };
      if (inFlight || isDuplicateAttempt(readRecentAttempts(), record, Date.now())) return { status: 'skipped' };
      inFlight = true;
      const sending = { key: newAnswerKey(), answeredAt: Date.now() };
      const keep = async (): Promise<AttemptOutcome> => {
        if (!(await queueAnswer({ checkpointId, type, maxAttempts, title }, { answer, typed }, sending))) {
          return { status: 'failed', message: attemptFailedText };
        }
        recordAttempt(record, Date.now());
        return { status: 'queued' };
      };
      try {
        if (isOffline()) return await keep();
        const result = await postAttempt(checkpointId, answer, typed, sending);
        recordAttempt(record, Date.now());
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        void queryClient.invalidateQueries({ queryKey: checkpointsQueryKey });
        return { status: 'done', result };
      } catch (error) {
        // Never reached the server, or its answer was lost: kept with the same key, so it counts once either way.
        if (error instanceof ApiError && error.status === 0) return await keep();
        if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
          void queryClient.invalidateQueries({ queryKey: checkpointsQueryKey });
          await alert(error.message || apiLanguage.refusalText(said('maxAttempts', { maxAttempts })));
          void navigate(paths.checkpoints);
          return { status: 'redirected' };
        }
        return { status: 'failed', message: (error instanceof ApiError && error.message) || attemptFailedText };
      } finally {
        inFlight = false;
      }
    },
    [alert, checkpointId, maxAttempts, navigate, queryClient, title, type],
  );
}
