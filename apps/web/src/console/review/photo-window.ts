// Which cards' thumbnails to ask for (decision 054, issue 28 part 2). On the ship's link (400 kbit/s) every photo
// asked for at once shares the link, so the first one on screen arrives last: ten at once took the first past 5 s.
// So the list asks top down, a few at a time, and only a few cards past the furthest one the reviewer has seen.

/** Thumbnails being fetched at once: two keep the link busy across a round trip without splitting it thin. */
const PHOTOS_IN_FLIGHT = 2;
/** How far past the furthest card seen thumbnails are fetched ahead: the next few cards are ready when reached. */
const PHOTOS_AHEAD = 3;

/**
 * The attempts whose thumbnails may be asked for now, given the list's order: every one already settled (loaded
 * or failed, so the browser has it), and from the top, up to PHOTOS_IN_FLIGHT more within PHOTOS_AHEAD cards past
 * the furthest seen (scrolled into view, or moved to with the keyboard).
 */
export function photosToLoad(order: readonly number[], settled: ReadonlySet<number>, seen: ReadonlySet<number>): Set<number> {
  let furthest = 0;
  order.forEach((id, index) => {
    if (seen.has(id)) furthest = Math.max(furthest, index);
  });
  const load = new Set<number>();
  let fetching = 0;
  order.forEach((id, index) => {
    if (settled.has(id)) load.add(id);
    else if (fetching < PHOTOS_IN_FLIGHT && index <= furthest + PHOTOS_AHEAD) {
      load.add(id);
      fetching++;
    }
  });
  return load;
}
