// The console's router (docs/product.md §15): the sign-in until a console session is open, then the screens
// the operator's role opens. Each screen is its own chunk.
import { type ReactNode, Suspense, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AlertProvider } from '../components/alert';
import { LoadErrorBoundary } from '../components/load-error-boundary';
import { ConsoleData } from './console-data';
import { ConsoleHome } from './console-home';
import { ConsoleLayout } from './console-layout';
import { consolePaths } from './console-paths';
import { consoleTexts } from './console-texts';
import type { ConsoleMe } from './console-types';
import { mayOpen } from './roles';
import { SignInScreen } from './sign-in-screen';
import { SwitchScreen } from './switch-screen';
import { setConsoleTimeZone } from './time';
import { useConsoleSession } from './use-console-session';

const ReviewScreen = lazy(() => import('./review/review-screen'));
const RedeemScreen = lazy(() => import('./redeem/redeem-screen'));
const ExportsScreen = lazy(() => import('./admin/exports-screen'));
const OperatorsScreen = lazy(() => import('./admin/operators-screen'));
const AnnouncementsScreen = lazy(() => import('./admin/announcements-screen'));
const AuditScreen = lazy(() => import('./admin/audit-screen'));
const CampaignScreen = lazy(() => import('./campaign/campaign-screen'));
const DashboardScreen = lazy(() => import('./dashboard/dashboard-screen'));
const ParticipantsScreen = lazy(() => import('./participants/participants-screen'));
const ParticipantScreen = lazy(() => import('./participants/participant-screen'));
const KiosksScreen = lazy(() => import('./kiosk/kiosks-screen'));
const KioskScreen = lazy(() => import('./kiosk/kiosk-screen'));

export function ConsoleApp() {
  // A kiosk's tablet needs no console session: it holds the kiosk's key (decision 083).
  return window.location.pathname === consolePaths.kiosk ? (
    <Suspense fallback={<p className="loading">{consoleTexts.loading}</p>}>
      <KioskScreen />
    </Suspense>
  ) : (
    <SignedInConsole />
  );
}

function SignedInConsole() {
  const { session, retry, signedIn, signOut, switchTo } = useConsoleSession();
  // Before any screen formats a time: the campaign's zone, which every time the console shows is in.
  if (session.kind === 'signed-in') setConsoleTimeZone(session.me.timeZone);
  return (
    <BrowserRouter>
      <AlertProvider>
        {session.kind === 'loading' && <p className="loading">Loading...</p>}
        {session.kind === 'failed' && (
          <main className="console-center">
            <p className="error" role="alert">
              {consoleTexts.loadFailed}
            </p>
            <button type="button" className="btn btn--primary" onClick={retry}>
              {consoleTexts.tryAgain}
            </button>
          </main>
        )}
        {session.kind === 'signed-out' && <SignInScreen initialError={session.error} onSignedIn={signedIn} />}
        {session.kind === 'switch' && (
          <SwitchScreen me={session.me} next={session.next} onContinue={switchTo} onStay={signedIn} />
        )}
        {session.kind === 'signed-in' && (
          <ConsoleData key={session.me.email}>
            <ConsoleLayout me={session.me} notice={session.notice} onSignOut={signOut}>
              <ConsoleRoutes me={session.me} />
            </ConsoleLayout>
          </ConsoleData>
        )}
      </AlertProvider>
    </BrowserRouter>
  );
}

function ConsoleRoutes({ me }: { me: ConsoleMe }) {
  const guard = (path: string, element: ReactNode) =>
    mayOpen(me.role, path) ? element : <p className="console-notice">{consoleTexts.notYours}</p>;
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <Routes>
          <Route path={consolePaths.home} element={<ConsoleHome me={me} />} />
          <Route path={consolePaths.review} element={guard(consolePaths.review, <ReviewScreen />)} />
          <Route path={consolePaths.redeem} element={guard(consolePaths.redeem, <RedeemScreen me={me} />)} />
          <Route path={consolePaths.exports} element={guard(consolePaths.exports, <ExportsScreen />)} />
          <Route path={consolePaths.operators} element={guard(consolePaths.operators, <OperatorsScreen me={me} />)} />
          <Route path={consolePaths.audit} element={guard(consolePaths.audit, <AuditScreen />)} />
          <Route path={consolePaths.announcements} element={guard(consolePaths.announcements, <AnnouncementsScreen me={me} />)} />
          <Route path={consolePaths.campaign} element={guard(consolePaths.campaign, <CampaignScreen />)} />
          <Route path={consolePaths.dashboard} element={guard(consolePaths.dashboard, <DashboardScreen />)} />
          <Route path={consolePaths.participants} element={guard(consolePaths.participants, <ParticipantsScreen />)} />
          <Route path={consolePaths.kiosks} element={guard(consolePaths.kiosks, <KiosksScreen />)} />
          <Route
            path={`${consolePaths.participants}/:userId`}
            element={guard(consolePaths.participants, <ParticipantScreen />)}
          />
          <Route path="*" element={<Navigate to={consolePaths.home} replace />} />
        </Routes>
      </Suspense>
    </LoadErrorBoundary>
  );
}
