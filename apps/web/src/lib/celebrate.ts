// The win moments (docs/product.md §2.8, §2.9; decision 029): motion only without `prefers-reduced-motion:
// reduce`, a short vibration where the browser has one, and ducks that count up to the new total.

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A short buzz where supported (Android browsers); silently nothing elsewhere (iOS Safari, desktops). */
export function vibrate(pattern: number | number[]): void {
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  } catch {
    // Some browsers throw when the page has not been tapped yet: the moment goes on without it.
  }
}

export const vibrations = {
  /** A checkpoint completed. */
  completed: [40, 60, 40],
  /** Ducks won on the wheel. */
  won: [60, 40, 120],
} as const;

/** How long the ducks take to count up to the new total. */
export const COUNT_UP_MS = 1200;

/** The number shown `elapsed` ms into counting from `from` to `to`: fast at first, settling on `to`. */
export function countUpValue(from: number, to: number, elapsed: number, duration = COUNT_UP_MS): number {
  if (elapsed >= duration || duration <= 0) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - t) ** 3;
  return Math.round(from + (to - from) * eased);
}
