// Sends the answers kept while offline (decision 036), oldest first, each with its own Idempotency-Key: when the
// app starts, when the browser says it is online again, when an answer is queued, and on a timer that waits
// longer after each failed round. A refusal the server means is the answer's result and leaves the queue; a
// failure that keepsForLater() keeps the answer and stops the round, so the order holds.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type QueuedAnswer,
  onAnswerQueued,
  onAnswerSent,
  queuedAnswers,
  refreshQueued,
  removeQueuedAnswer,
  updateQueuedAnswer,
} from '../../lib/answer-queue';
import { ApiError } from '../../lib/api-client';
import { isOffline } from '../../lib/online';
import { keys, read } from '../../lib/storage';
import { postAttempt } from './attempt-api';
import { keepsForLater } from './queued-answer-rules';
import { putUpload, uploadTexts } from './upload';
import { getUploadUrl } from './upload-url-api';

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60_000;

type Outcome = 'empty' | 'blocked';
let round: Promise<Outcome> | null = null;
let again = false;

/**
 * Rounds over the queue until it is empty or blocked. A call during a round is joined, and asks for one more
 * round: the running one may have read the queue before the newest answer arrived.
 */
function sendQueuedAnswers(): Promise<Outcome> {
  if (round) {
    again = true;
    return round;
  }
  round = (async () => {
    let outcome: Outcome;
    do {
      again = false;
      outcome = await oneAtATime(sendAll);
    } while (again && outcome === 'empty');
    return outcome;
  })().finally(() => {
    round = null;
  });
  return round;
}

/** Two tabs of the app send in turns, so the second finds the answers the first sent already gone. */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return work();
  return await navigator.locks.request('quackquest-offline-answers', work);
}

async function sendAll(): Promise<Outcome> {
  const owner = read(keys.userEmail);
  if (!owner) return 'empty';
  if (isOffline()) return 'blocked';
  const waiting = await queuedAnswers(owner).catch(() => []);
  for (const answer of waiting) {
    try {
      const result = await sendOne(answer);
      await removeQueuedAnswer(answer, { result });
    } catch (error) {
      if (isTemporary(error)) return 'blocked';
      const refusal = error instanceof ApiError && error.message ? error.message : uploadTexts.failed;
      await removeQueuedAnswer(answer, { refusal });
    }
  }
  await refreshQueued(owner);
  return 'empty';
}

async function sendOne(queued: QueuedAnswer) {
  let { answer } = queued;
  if (queued.photo && !queued.uploadKey) {
    const photo = queued.photo;
    const target = await getUploadUrl(
      queued.checkpointId,
      { type: photo.type, name: queued.photoName ?? 'photo.jpg', size: photo.size },
      queued.answeredAt,
    );
    await putUpload(target.uploadUrl, photo, target.headers);
    // Stored: a later round sends the answer without sending the photo again.
    queued.uploadKey = target.key;
    await updateQueuedAnswer(queued);
  }
  if (queued.uploadKey) answer = queued.uploadKey;
  return postAttempt(queued.checkpointId, answer, queued.typed, { key: queued.key, answeredAt: queued.answeredAt });
}

function isTemporary(error: unknown): boolean {
  // Anything but the server's answer (IndexedDB failing, say) keeps the answer too.
  return !(error instanceof ApiError) || keepsForLater(error.status);
}

/** Mounted once for the signed-in screens: keeps sending until the queue is empty. */
export function useSendQueuedAnswers(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: number | undefined;
    let delay = FIRST_RETRY_MS;
    let stopped = false;
    const send = async () => {
      window.clearTimeout(timer);
      const outcome = await sendQueuedAnswers();
      if (stopped) return;
      if (outcome === 'empty') {
        delay = FIRST_RETRY_MS;
        return;
      }
      timer = window.setTimeout(() => void send(), delay);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    };
    const sendNow = () => {
      delay = FIRST_RETRY_MS;
      void send();
    };
    window.addEventListener('online', sendNow);
    const stopListening = onAnswerQueued(sendNow);
    // A sent answer moves the ducks, the list, the spins left: everything shown is asked for again.
    const stopHearing = onAnswerSent(() => void queryClient.invalidateQueries());
    void refreshQueued(read(keys.userEmail)).then(sendNow);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', sendNow);
      stopListening();
      stopHearing();
    };
  }, [queryClient]);
}
