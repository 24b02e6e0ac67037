// The reminder offer on /checkpoints (issue 27 part 6, decision 063): off until the visitor turns it on, and turned
// off with one tap. Not shown where the browser cannot receive pushes.
import { failureMessage } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';
import { NotificationsBlocked, useReminders, useSetReminders } from './reminders-api';
import './reminders.css';

export function ReminderCard() {
  const { data: reminders } = useReminders();
  const setReminders = useSetReminders();
  if (!reminders) return null;
  const error = setReminders.error;
  return (
    <section className="reminder-card" aria-labelledby="reminder-card-title">
      <h2 id="reminder-card-title" className="reminder-card__title">
        {t('reminders.title')}
      </h2>
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
      {error && (
        <p className="reminder-card__error" role="alert">
          {error instanceof NotificationsBlocked ? t('reminders.blocked') : failureMessage(error, t('reminders.failed'))}
        </p>
      )}
    </section>
  );
}
