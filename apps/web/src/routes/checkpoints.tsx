// /checkpoints (docs/product.md §2.6): the duck tracker, the checkpoint list and how to play.
import { BackButton } from '../components/back-button';
import { BottomBar } from '../components/bottom-bar';
import { prefetchCheckpoints } from '../features/checkpoints/checkpoints-api';
import { CheckpointList, HowToPlay } from '../features/checkpoints/checkpoint-list';
import { DuckTracker, TrackerButtons } from '../features/checkpoints/duck-tracker';
import { offlineTexts } from '../features/offline/offline-texts';
import { ReminderCard } from '../features/reminders/reminder-card';
import { AnnouncementBanner } from '../features/announcements/announcement-banner';
import { useQueuedCheckpoints } from '../lib/answer-queue';
import { paths } from '../lib/paths';
import '../features/checkpoints/checkpoints.css';
import { t } from '../lib/i18n';
import '../lib/game-texts';

prefetchCheckpoints();

export default function CheckpointsRoute() {
  const waiting = useQueuedCheckpoints();
  return (
    <main className="screen">
      <div className="screen__top">
        <BackButton to={paths.welcome} />
      </div>
      <DuckTracker />
      <TrackerButtons />
      <h1 className="title">{t('checkpoints.title')}</h1>
      <CheckpointList waiting={{ ids: waiting, note: offlineTexts.waiting }} />
      <HowToPlay />
      {/* Last: it appears once /api/reminders answers, and nothing below it moves then (layout-shift.spec.ts). */}
      <ReminderCard />
      <AnnouncementBanner />
      <BottomBar
        links={[
          { to: paths.leaderboard, label: t('nav.leaderboard') },
          { to: paths.rewards, label: t('nav.rewards') },
        ]}
      />
    </main>
  );
}
