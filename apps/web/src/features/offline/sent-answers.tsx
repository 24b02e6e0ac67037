// What became of an answer kept while offline, told when it was sent (decision 036): like an answer sent at once,
// a completed checkpoint goes on to the congratulations (and the spin it earned); a wrong one or a refusal is
// said in words, wherever the visitor is in the app.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../components/alert';
import { onAnswerSent } from '../../lib/answer-queue';
import { codeChangedText } from '../../lib/code-changed';
import { paths } from '../../lib/paths';
import { keys, write } from '../../lib/storage';
import { offlineTexts } from './offline-texts';

export function SentAnswers() {
  const alert = useAlert();
  const navigate = useNavigate();
  useEffect(
    () =>
      onAnswerSent(({ answer, result, refusal }) => {
        if (refusal !== undefined) return void alert(offlineTexts.refused(answer.title, refusal));
        if (!result) return;
        if (result.codeChanged) return void alert(offlineTexts.refused(answer.title, codeChangedText()));
        if (result.outcome === 'invalid' || result.outcome === 'incorrect') {
          return void alert(offlineTexts.sentNotRight(answer.title));
        }
        void alert(offlineTexts.sent(answer.title)).then(() => {
          write(keys.currentCheckpoint, answer.checkpointId);
          write(keys.checkpointType, answer.checkpointType);
          void navigate(paths.congrats);
        });
      }),
    [alert, navigate],
  );
  return null;
}
