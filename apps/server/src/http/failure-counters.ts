// What failed in this instance, counted where it happens (issue 31: an SMTP outage, a full photo disk and a locked
// table were silent). The counters exist whether or not /metrics is on (http/metrics.ts registers them with
// METRICS_TOKEN), so the mail worker and the photo store take them at start. Each label value starts at 0: a rate
// or an increase sees the first failure, which a series born at 1 would hide.
import { Counter } from 'prom-client';
import type { DatabaseErrorKind } from '../db/errors-seen';

const DATABASE_ERROR_KINDS: DatabaseErrorKind[] = [
  'connection',
  'timeout',
  'conflict',
  'resources',
  'internal',
  'statement',
  'refused',
];
const STORE_OPERATIONS = ['presign', 'put', 'inspect', 'save', 'read', 'remove'];

export function createFailureCounters() {
  const counters = {
    mailSent: new Counter({
      name: 'qq_mail_sent_total',
      help: 'E-mails the SMTP server took from this instance',
      registers: [],
    }),
    mailSendFailures: new Counter({
      name: 'qq_mail_send_failures_total',
      help: 'Sends from this instance the SMTP server refused or never answered (each retried later)',
      registers: [],
    }),
    mailGivenUp: new Counter({
      name: 'qq_mail_given_up_total',
      help: 'E-mails this instance gave up unsent at the end of their life: expired (sign-in links) or failed (other e-mail)',
      labelNames: ['state'],
      registers: [],
    }),
    photoStoreErrors: new Counter({
      name: 'qq_photo_store_errors_total',
      help: 'Failures of the photo store (local folder or bucket) in this instance, by operation',
      labelNames: ['operation'],
      registers: [],
    }),
    databaseErrors: new Counter({
      name: 'qq_db_errors_total',
      help: 'Failed queries and connections of this instance, by kind (db/errors-seen.ts); "refused" is the game saying no',
      labelNames: ['kind'],
      registers: [],
    }),
  };
  for (const state of ['expired', 'failed']) counters.mailGivenUp.inc({ state }, 0);
  for (const operation of STORE_OPERATIONS) counters.photoStoreErrors.inc({ operation }, 0);
  for (const kind of DATABASE_ERROR_KINDS) counters.databaseErrors.inc({ kind }, 0);
  return counters;
}

export type FailureCounters = ReturnType<typeof createFailureCounters>;
