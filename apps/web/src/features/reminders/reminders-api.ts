// GET /api/reminders, PUT and DELETE /api/reminders/push and /api/reminders/email (decisions 063 and 078): the
// visitor's reminder when the next day's checkpoint opens, by Web Push to this phone or by e-mail. Turning push on
// asks the browser for a push subscription with the server's VAPID key and hands it to the server; turning it off
// tells the server first, then drops the subscription. E-mail needs nothing of the browser.
import type { Reminders } from '@quackquest/contract/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const remindersQueryKey = ['reminders'] as const;

/** Push reminders need a service worker, the Push API and notifications: not every browser has them. */
export const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export function useReminders() {
  return useQuery({ queryKey: remindersQueryKey, queryFn: () => api<Reminders>('/api/reminders') });
}

/** Refused: the visitor (or the browser's settings) said no to notifications. */
export class NotificationsBlocked extends Error {}

async function turnOn(publicKey: string): Promise<Reminders> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsBlocked();
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  return api<Reminders>('/api/reminders/push', { method: 'PUT', body: subscription.toJSON() });
}

async function turnOff(): Promise<Reminders> {
  const reminders = await api<Reminders>('/api/reminders/push', { method: 'DELETE' });
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe().catch(() => false);
  return reminders;
}

export function useSetReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ on, publicKey }: { on: boolean; publicKey: string }) => (on ? turnOn(publicKey) : turnOff()),
    onSuccess: (reminders) => queryClient.setQueryData(remindersQueryKey, reminders),
  });
}

export function useSetEmailReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api<Reminders>('/api/reminders/email', { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: (reminders) => queryClient.setQueryData(remindersQueryKey, reminders),
  });
}
