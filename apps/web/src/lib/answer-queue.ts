// Answers made without a signal (decision 036): kept in IndexedDB, a photo as its prepared JPEG, until they are
// sent (features/checkpoints/send-queued-answers.ts). Each belongs to the visitor signed in when it was made:
// signing out forgets them all, another visitor's sign-in forgets theirs, a session that ended keeps them. The screens follow the queue through useQueuedCheckpoints() and hear of each
// answer sent through onAnswerSent().
import type { AttemptResult, CheckpointType } from '@quackquest/contract/core';
import { useSyncExternalStore } from 'react';

export interface QueuedAnswer {
  /** Given by IndexedDB, in the order the answers were made: they are sent in that order. */
  id?: number;
  /** The e-mail of the visitor who made it. */
  owner: string;
  checkpointId: string;
  checkpointType: CheckpointType;
  title: string;
  /** The scanned or typed code, the chosen letters or the text; for a photo, set once it is uploaded. */
  answer: string | string[];
  typed: boolean;
  /** When it was made (Date.now()): the server takes it up to 30 minutes after its checkpoint closed. */
  answeredAt: number;
  /** The Idempotency-Key of this answer: sending it again never counts twice. */
  key: string;
  photo?: Blob;
  photoName?: string;
  /** The uploaded photo's key, once the photo was sent: a later try sends only the answer. */
  uploadKey?: string;
}

/** A queued answer was sent: the server's result, or its refusal in its own words. */
export interface SentAnswer {
  answer: QueuedAnswer;
  result?: AttemptResult;
  refusal?: string;
}

const DB_NAME = 'quackquest-offline';
const STORE = 'answers';

let opened: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
  }).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB refused the change.'));
    tx.onabort = tx.onerror;
  });
}

export async function enqueueAnswer(answer: QueuedAnswer): Promise<void> {
  await inStore('readwrite', (store) => store.add(answer));
  await refreshQueued(answer.owner);
  for (const listener of queuedListeners) listener();
}

/** This visitor's answers, oldest first. */
export async function queuedAnswers(owner: string): Promise<QueuedAnswer[]> {
  const all = await inStore('readonly', (store) => store.getAll() as IDBRequest<QueuedAnswer[]>);
  return all.filter((a) => a.owner === owner).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

export async function updateQueuedAnswer(answer: QueuedAnswer): Promise<void> {
  await inStore('readwrite', (store) => store.put(answer));
}

export async function removeQueuedAnswer(answer: QueuedAnswer, sent: Omit<SentAnswer, 'answer'>): Promise<void> {
  const { id } = answer;
  if (id !== undefined) await inStore('readwrite', (store) => store.delete(id));
  await refreshQueued(answer.owner);
  for (const listener of sentListeners) listener({ answer, ...sent });
}

/** Signing out: the answers of whoever was signed in are not sent for anyone else. */
export async function clearAnswerQueue(): Promise<void> {
  await inStore('readwrite', (store) => store.clear()).catch(() => undefined);
  setQueued(new Set());
}

/** Signing in: the answers another visitor left on this phone are dropped, never sent for this one. */
export async function keepOnlyAnswersOf(owner: string): Promise<void> {
  const all = await inStore('readonly', (store) => store.getAll() as IDBRequest<QueuedAnswer[]>).catch(() => []);
  for (const other of all.filter((a) => a.owner !== owner && a.id !== undefined)) {
    await inStore('readwrite', (store) => store.delete(other.id as number)).catch(() => undefined);
  }
  await refreshQueued(owner);
}

// The checkpoints with an answer waiting, for the screens.
let queued: ReadonlySet<string> = new Set();
const watchers = new Set<() => void>();

function setQueued(next: ReadonlySet<string>): void {
  queued = next;
  for (const watcher of watchers) watcher();
}

export async function refreshQueued(owner: string | null): Promise<void> {
  const answers = owner ? await queuedAnswers(owner).catch(() => []) : [];
  setQueued(new Set(answers.map((a) => a.checkpointId)));
}

export function useQueuedCheckpoints(): ReadonlySet<string> {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => queued,
  );
}

const sentListeners = new Set<(sent: SentAnswer) => void>();
const queuedListeners = new Set<() => void>();

export function onAnswerSent(listener: (sent: SentAnswer) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** An answer was added to the queue: the sender tries at once. */
export function onAnswerQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}
