import { describe, expect, it } from 'vitest';
import { consolePaths } from './console-paths';
import { mayOpen, screensFor } from './roles';

describe('the screens a role opens', () => {
  it.each([
    [
      'admin',
      [
        'Live numbers',
        'Review',
        'Redeem',
        'Participants',
        'Announcements',
        'Kiosks',
        'Exports',
        'Operators',
        'Audit trail',
        'Campaign',
      ],
    ],
    ['reviewer', ['Review']],
    ['staff', ['Redeem', 'Kiosks']],
  ] as const)('%s sees %j in the navigation', (role, labels) => {
    expect(screensFor(role).map((screen) => screen.label)).toEqual(labels);
  });

  it('keeps a reviewer out of redemption and staff out of the review queue', () => {
    expect(mayOpen('reviewer', consolePaths.redeem)).toBe(false);
    expect(mayOpen('staff', consolePaths.review)).toBe(false);
    expect(mayOpen('admin', consolePaths.redeem)).toBe(true);
  });

  it('opens the kiosks to the crew at the booths, staff and admins, not to reviewers (decision 083)', () => {
    expect([
      mayOpen('admin', consolePaths.kiosks),
      mayOpen('reviewer', consolePaths.kiosks),
      mayOpen('staff', consolePaths.kiosks),
    ]).toEqual([true, false, true]);
  });

  it('opens the live numbers (decision 021), the helpdesk, exports, operators, the audit trail and the campaign to admins only', () => {
    for (const path of [
      consolePaths.dashboard,
      consolePaths.participants,
      consolePaths.announcements,
      consolePaths.exports,
      consolePaths.operators,
      consolePaths.audit,
      consolePaths.campaign,
    ]) {
      expect([path, mayOpen('admin', path), mayOpen('reviewer', path), mayOpen('staff', path)]).toEqual([
        path,
        true,
        false,
        false,
      ]);
    }
  });
});
