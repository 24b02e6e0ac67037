// The crew's announcement (decision 078): the newest not yet dismissed on this phone, over the bottom bar, so the
// screen below it never moves when it arrives (layout-shift.spec.ts). The crew's words keep their own language mark:
// English where they wrote none in the visitor's.
import { useState } from 'react';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';
import { dismissAnnouncement, dismissedAnnouncements, useAnnouncements } from './announcements-api';
import './announcements.css';

export function AnnouncementBanner() {
  const { data } = useAnnouncements();
  const [dismissed, setDismissed] = useState(dismissedAnnouncements);
  const shown = data?.find((announcement) => !dismissed.includes(announcement.id));
  if (!shown) return null;
  return (
    <aside className="announcement" aria-labelledby="announcement-label" role="status">
      <p className="announcement__body">
        <strong id="announcement-label" className="announcement__label">
          {t('announcements.label')}
        </strong>
        <span lang={shown.lang} className="announcement__text">
          {shown.text}
        </span>
      </p>
      <button
        type="button"
        className="announcement__close"
        aria-label={t('announcements.dismiss')}
        onClick={() => {
          dismissAnnouncement(shown.id);
          setDismissed(dismissedAnnouncements());
        }}
      >
        ×
      </button>
    </aside>
  );
}
