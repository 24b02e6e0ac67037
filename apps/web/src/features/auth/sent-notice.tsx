// The "sent" banner of the welcome page and of /signup (issue 30 part 3): the spec's words, the address the e-mail
// went to, "Have a code instead?", and an offer to send it again once a short wait is over (resend-rules.ts).
import { useEffect, useState, type ReactNode } from 'react';
import { failureMessage } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { authTexts } from './auth-texts';
import { nextResendAt, secondsUntil } from './resend-rules';

interface SentNoticeProps {
  className: string;
  /** The spec's words for the e-mail sent. */
  children: ReactNode;
  email: string;
  onHaveCode: () => void;
  /** Sends the same e-mail again; a refusal is thrown. */
  resend: () => Promise<void>;
}

export function SentNotice({ className, children, email, onHaveCode, resend }: SentNoticeProps) {
  const [sent, setSent] = useState(() => ({ count: 1, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [again, setAgain] = useState(false);
  const nextAt = nextResendAt(sent.count, sent.at);
  const waiting = nextAt !== null && now < nextAt;

  useEffect(() => {
    if (nextAt === null) return;
    const tick = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= nextAt) clearInterval(tick);
    }, 1000);
    return () => clearInterval(tick);
  }, [nextAt]);

  const sendAgain = async () => {
    setSending(true);
    setError('');
    try {
      await resend();
      const at = Date.now();
      setSent((last) => ({ count: last.count + 1, at }));
      setNow(at);
      setAgain(true);
    } catch (failure) {
      setError(failureMessage(failure, authTexts.authenticationFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={`banner sent-notice ${className}`} role="status">
      {children}
      <p className="sent-notice__to">
        {again ? t('auth.sentAgainTo') : t('auth.sentTo')} <strong translate="no">{email}</strong>
      </p>
      <button type="button" className="link-button" onClick={onHaveCode}>
        {authTexts.haveCode}
      </button>
      {nextAt !== null && (
        <button type="button" className="link-button" disabled={waiting || sending} onClick={() => void sendAgain()}>
          {sending ? t('auth.sending') : waiting ? t('auth.resendIn', { seconds: secondsUntil(nextAt, now) }) : t('auth.resend')}
        </button>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
