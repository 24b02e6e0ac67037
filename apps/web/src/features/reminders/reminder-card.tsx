// The reminder offer on /checkpoints (issue 27 part 6, decisions 063 and 078): each reminder off until the visitor
// turns it on, and turned off with one tap. Push only where the browser can receive pushes; e-mail everywhere.
import { failureMessage } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';
import { NotificationsBlocked, pushSupported, useReminders, useSetEmailReminders, useSetReminders } from './reminders-api';
import './reminders.css';

export function ReminderCard() {
  const { data: reminders } = useReminders();
  const setReminders = useSetReminders();
  const setEmail = useSetEmailReminders();
  if (!reminders) return null;
  const pushError = setReminders.error;
  return (
    <section className="reminder-card" aria-labelledby="reminder-card-title">
      <h2 id="reminder-card-title" className="reminder-card__title">
        {t('reminders.title')}
      </h2>
      {pushSupported() && (
        <>
          <p className="reminder-card__text" role="status">
            {reminders.push ? t('reminders.on') : t('reminders.offer')}
          </p>
          <button
            type="button"
            className={reminders.push ? 'btn btn--ghost' : 'btn btn--primary'}
            disabled={setReminders.isPending}
            onClick={() => setReminders.mutate({ on: !reminders.push, publicKey: reminders.publicKey })}
          >
            {reminders.push ? t('reminders.turnOff') : t('reminders.turnOn')}
          </button>
          {pushError && (
            <p className="reminder-card__error" role="alert">
              {pushError instanceof NotificationsBlocked
                ? t('reminders.blocked')
                : failureMessage(pushError, t('reminders.failed'))}
            </p>
          )}
        </>
      )}
      <h3 className="reminder-card__subtitle">{t('reminders.emailTitle')}</h3>
      <p className="reminder-card__text" role="status">
        {reminders.email ? t('reminders.emailOn') : t('reminders.emailOffer')}
      </p>
      <button
        type="button"
        className={reminders.email ? 'btn btn--ghost' : 'btn btn--primary'}
        disabled={setEmail.isPending}
        onClick={() => setEmail.mutate(!reminders.email)}
      >
        {reminders.email ? t('reminders.emailTurnOff') : t('reminders.emailTurnOn')}
      </button>
      {setEmail.error && (
        <p className="reminder-card__error" role="alert">
          {failureMessage(setEmail.error, t('reminders.failed'))}
        </p>
      )}
    </section>
  );
}
