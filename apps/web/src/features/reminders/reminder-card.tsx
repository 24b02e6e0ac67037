// The reminder offer on /checkpoints (issue 27 part 6, decisions 063 and 078): each reminder off until the visitor
// turns it on, and turned off with one tap. Push only where the browser can receive pushes; e-mail everywhere.
import { failureMessage } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';
import { NotificationsBlocked, pushSupported, useReminders, useSetEmailReminders, useSetReminders } from './reminders-api';
import './reminders.css';

export function ReminderCard() {
  const { data: reminders } = useReminders();
  const setPush = useSetReminders();
  const setEmail = useSetEmailReminders();
  if (!reminders) return null;
  return (
    <section className="reminder-card" aria-labelledby="reminder-card-title">
      <h2 id="reminder-card-title" className="reminder-card__title">
        {t('reminders.title')}
      </h2>
      {pushSupported() && (
        <ReminderSwitch
          on={reminders.push}
          words={{
            on: t('reminders.on'),
            offer: t('reminders.offer'),
            turnOn: t('reminders.turnOn'),
            turnOff: t('reminders.turnOff'),
          }}
          pending={setPush.isPending}
          toggle={() => setPush.mutate({ on: !reminders.push, publicKey: reminders.publicKey })}
          error={
            setPush.error &&
            (setPush.error instanceof NotificationsBlocked
              ? t('reminders.blocked')
              : failureMessage(setPush.error, t('reminders.failed')))
          }
        />
      )}
      <h3 className="reminder-card__subtitle">{t('reminders.emailTitle')}</h3>
      <ReminderSwitch
        on={reminders.email}
        words={{
          on: t('reminders.emailOn'),
          offer: t('reminders.emailOffer'),
          turnOn: t('reminders.emailTurnOn'),
          turnOff: t('reminders.emailTurnOff'),
        }}
        pending={setEmail.isPending}
        toggle={() => setEmail.mutate(!reminders.email)}
        error={setEmail.error && failureMessage(setEmail.error, t('reminders.failed'))}
      />
    </section>
  );
}

/** One reminder: what it does or that it is on, the button that turns it on or off, and why that failed. */
function ReminderSwitch(props: {
  on: boolean;
  words: { on: string; offer: string; turnOn: string; turnOff: string };
  pending: boolean;
  toggle: () => void;
  error: string | null;
}) {
  const { on, words } = props;
  return (
    <>
      <p className="reminder-card__text" role="status">
        {on ? words.on : words.offer}
      </p>
      <button
        type="button"
        className={on ? 'btn btn--ghost' : 'btn btn--primary'}
        disabled={props.pending}
        onClick={props.toggle}
      >
        {on ? words.turnOff : words.turnOn}
      </button>
      {props.error && (
        <p className="reminder-card__error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
