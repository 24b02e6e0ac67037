// Every route of SPEC.md section 2. Each screen is its own chunk, and the query cache loads with the
// signed-in screens, so the first screen stays within the JavaScript budget.
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '../components/require-auth';
import { paths } from '../lib/paths';

const Welcome = lazy(() => import('../routes/welcome'));
const Signup = lazy(() => import('../routes/signup'));
const SignupGoogle = lazy(() => import('../routes/signup-google'));
const Login = lazy(() => import('../routes/login'));
const SignedIn = lazy(() => import('./signed-in'));
const Checkpoints = lazy(() => import('../routes/checkpoints'));
const Checkpoint = lazy(() => import('../routes/checkpoint'));
const Congrats = lazy(() => import('../routes/congrats'));
const Spin = lazy(() => import('../routes/spin'));
const Leaderboard = lazy(() => import('../routes/leaderboard'));
const Rewards = lazy(() => import('../routes/rewards'));
const MyRewards = lazy(() => import('../routes/my-rewards'));
const RewardDetail = lazy(() => import('../routes/reward-detail'));
const NotFound = lazy(() => import('../routes/not-found'));

export function AppRoutes() {
  return (
    <Suspense fallback={<p className="loading">Loading...</p>}>
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
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
