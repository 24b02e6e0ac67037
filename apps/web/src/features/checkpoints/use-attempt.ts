// Submitting an attempt (docs/product.md §5.4, §6 and §7.3): one call at a time, the same attempt within 5 s
// skipped silently, 403 (maximum attempts) and 409 (already completed) alerted with the server's words
// and sent back to the list. The server grades; a success refreshes the ducks and the list.
import { type AttemptResult, type Checkpoint, messages } from '@quackquest/contract/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../components/alert';
import { ApiError } from '../../lib/api-client';
import { meQueryKey } from '../../lib/me-api';
import { paths } from '../../lib/paths';
import { keys, read } from '../../lib/storage';
import { postAttempt } from './attempt-api';
import { checkpointsQueryKey } from './checkpoints-api';
import { isDuplicateAttempt, readRecentAttempts, recordAttempt } from './recent-attempts';
import { serverText } from '../../lib/server-texts';

export type AttemptOutcome =
  | { status: 'done'; result: AttemptResult }
  /** Another call is running, or the same attempt was made within 5 s. */
  | { status: 'skipped' }
  /** Alerted and sent back to the list (403, 409). */
  | { status: 'redirected' }
  | { status: 'failed'; message: string };

const attemptFailedText = 'Your answer could not be sent. Please try again.';

// Shared by every action on the screen: the spec allows only one tracking call at a time.
let inFlight = false;

export function useAttempt(checkpoint: Pick<Checkpoint, 'checkpointId' | 'type' | 'maxAttempts'>) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const { checkpointId, type, maxAttempts } = checkpoint;

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
      try {
        const result = await postAttempt(checkpointId, answer, typed);
        recordAttempt(record, Date.now());
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        void queryClient.invalidateQueries({ queryKey: checkpointsQueryKey });
        return { status: 'done', result };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
          void queryClient.invalidateQueries({ queryKey: checkpointsQueryKey });
          await alert(error.message || serverText(messages.maxAttempts(maxAttempts)));
          void navigate(paths.checkpoints);
          return { status: 'redirected' };
        }
        return { status: 'failed', message: (error instanceof ApiError && error.message) || attemptFailedText };
      } finally {
        inFlight = false;
      }
    },
    [alert, checkpointId, maxAttempts, navigate, queryClient, type],
  );
}
