// Every route of docs/product.md §2. Each screen is its own chunk, and the query cache loads with the
// signed-in screens, so the first screen stays within the JavaScript budget.
import { type ComponentType, Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import type { Me } from '@quackquest/contract/core';
import { LoadErrorBoundary } from '../components/load-error-boundary';
import { RequireAuth } from '../components/require-auth';
import { api } from '../lib/api-client';
import { paths } from '../lib/paths';
import { isAuthenticated } from '../lib/storage';
import { t } from '../lib/i18n';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * A signed-in screen opened first asks for the visitor's figures (GET /api/me) at once, beside the layout's and the
 * screen's chunks, instead of once the layout's chunk has run: one round trip less before the first screen, which
 * waits for them (Lighthouse's largest paint on /checkpoints). The layout takes this answer (startVisitorLoad).
 */
let earlyMe: Promise<Me> | undefined;

// The layout's first requests start as its chunk arrives (app/signed-in.tsx).
const loadSignedIn: Load = () =>
  import('./signed-in').then(({ default: layout, startVisitorLoad }) => {
    void startVisitorLoad(earlyMe);
    return { default: layout };
  });

/**
 * A lazy screen whose chunk is asked for as soon as this module runs when it is the page being opened:
 * before React's first render and, for a signed-in screen, alongside the signed-in layout's chunk
 * instead of after it (the layout renders the screen). One round trip less before the first screen.
 */
function screen(path: string, load: Load, signedIn = false) {
  if (window.location.pathname === path && (!signedIn || isAuthenticated())) {
    if (signedIn && !earlyMe) {
      earlyMe = api<Me>('/api/me');
      // Its failure is the screen's to show, through the query that takes it.
      earlyMe.catch(() => undefined);
    }
    // A failure shows when the screen renders: React.lazy imports the same module again.
    for (const preload of signedIn ? [loadSignedIn, load] : [load]) preload().catch(() => undefined);
  }
  return lazy(load);
}

const Welcome = screen(paths.welcome, () => import('../routes/welcome'));
const Signup = screen(paths.signup, () => import('../routes/signup'));
const SignupGoogle = screen(paths.signupGoogle, () => import('../routes/signup-google'));
const Login = screen(paths.login, () => import('../routes/login'));
const SignedIn = lazy(loadSignedIn);
const Checkpoints = screen(paths.checkpoints, () => import('../routes/checkpoints'), true);
const Checkpoint = screen('/checkpoint', () => import('../routes/checkpoint'), true);
const Congrats = screen(paths.congrats, () => import('../routes/congrats'), true);
const Spin = screen(paths.spin, () => import('../routes/spin'), true);
const Leaderboard = screen(paths.leaderboard, () => import('../routes/leaderboard'), true);
const Rewards = screen(paths.rewards, () => import('../routes/rewards'), true);
const MyRewards = screen(paths.myRewards, () => import('../routes/my-rewards'), true);
const RewardDetail = screen(paths.rewardDetail, () => import('../routes/reward-detail'), true);
const WheelCheck = screen(paths.wheelCheck, () => import('../routes/wheel-check'), true);
const NotFound = lazy(() => import('../routes/not-found'));

export function AppRoutes() {
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
        <Routes>
          <Route path={paths.welcome} element={<Welcome />} />
          <Route path={paths.signup} element={<Signup />} />
          <Route path={paths.signupGoogle} element={<SignupGoogle />} />
          <Route path={paths.login} element={<Login />} />
          <Route element={<RequireAuth />}>
            <Route element={<SignedIn />}>
              <Route path={paths.checkpoints} element={<Checkpoints />} />
              <Route path="/checkpoint" element={<Checkpoint />} />
              <Route path={paths.congrats} element={<Congrats />} />
              <Route path={paths.spin} element={<Spin />} />
              <Route path={paths.leaderboard} element={<Leaderboard />} />
              <Route path={paths.rewards} element={<Rewards />} />
              <Route path={paths.myRewards} element={<MyRewards />} />
              <Route path={paths.rewardDetail} element={<RewardDetail />} />
              <Route path={paths.wheelCheck} element={<WheelCheck />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </LoadErrorBoundary>
  );
}
