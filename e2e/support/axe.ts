// WCAG 2.2 AA as axe checks it (levels A and AA of 2.0, 2.1 and 2.2): the journeys' one way to say a screen has no
// violation, each named with the elements it was found on.
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe over the page with the journeys' rules, run in the page itself (legacy mode, decision 084): the app has no
 * frames, and the default opens a page of its own for every check, which made the accessibility journeys a quarter
 * slower and one of them time out on a loaded machine.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode(true);
}

export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await axeOf(page).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe violations on ${screen}`,
  ).toEqual([]);
}
