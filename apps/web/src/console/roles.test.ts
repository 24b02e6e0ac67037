import { describe, expect, it } from 'vitest';
import { consolePaths } from './console-paths';
import { mayOpen, screensFor } from './roles';

describe('the screens a role opens', () => {
  it.each([
    ['admin', ['Review', 'Redeem', 'Participants']],
    ['reviewer', ['Review']],
    ['staff', ['Redeem']],
  ] as const)('%s sees %j in the navigation', (role, labels) => {
    expect(screensFor(role).map((screen) => screen.label)).toEqual(labels);
  });

  it('keeps a reviewer out of redemption and staff out of the review queue', () => {
    expect(mayOpen('reviewer', consolePaths.redeem)).toBe(false);
    expect(mayOpen('staff', consolePaths.review)).toBe(false);
    expect(mayOpen('admin', consolePaths.redeem)).toBe(true);
  });

  it('opens the helpdesk to admins only', () => {
    expect(mayOpen('admin', consolePaths.participants)).toBe(true);
    expect(mayOpen('reviewer', consolePaths.participants)).toBe(false);
    expect(mayOpen('staff', consolePaths.participants)).toBe(false);
  });
});
