// /leaderboard: the visitor's ducks and rank, the top list and the winners note (docs/product.md §2.10).
import { BackButton } from '../components/back-button';
import { BottomBar } from '../components/bottom-bar';
import { DucksHeader } from '../components/ducks-header';
import { startLeaderboard } from '../features/leaderboard/leaderboard-api';
import { LeaderboardList, WinnersNote } from '../features/leaderboard/leaderboard-list';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';
import '../lib/game-texts';

startLeaderboard();

export default function LeaderboardRoute() {
  return (
    <main className="screen">
      <div className="screen__top">
        <BackButton to={paths.welcome} />
      </div>
      <DucksHeader />
      <h1 className="title">{t('leaderboard.title')}</h1>
      <LeaderboardList />
      <WinnersNote />
      <BottomBar
        links={[
          { to: paths.checkpoints, label: t('nav.checkpoints') },
          { to: paths.rewards, label: t('nav.rewards') },
        ]}
      />
    </main>
  );
}
