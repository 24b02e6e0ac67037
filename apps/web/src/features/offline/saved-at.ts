// When the answers shown offline were saved, as the banner says it (features/offline/offline-banner.tsx).

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "14:32" on the same day (the phone's own clock and time zone), "24 Nov 14:32" before it. */
export function savedAtText(savedAtMs: number, nowMs: number): string {
  const saved = new Date(savedAtMs);
  const now = new Date(nowMs);
  const time = `${String(saved.getHours()).padStart(2, '0')}:${String(saved.getMinutes()).padStart(2, '0')}`;
  const sameDay =
    saved.getFullYear() === now.getFullYear() && saved.getMonth() === now.getMonth() && saved.getDate() === now.getDate();
  return sameDay ? time : `${saved.getDate()} ${months[saved.getMonth()]} ${time}`;
}
