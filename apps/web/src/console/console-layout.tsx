// The signed-in console's frame (docs/product.md §15): who is signed in and as what, sign out, and the
// screens the role opens.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { consolePaths } from './console-paths';
import { consoleTexts } from './console-texts';
import type { ConsoleMe } from './console-types';
import { roleLabels, screensFor } from './roles';

interface ConsoleLayoutProps {
  me: ConsoleMe;
  /** A sentence about the link this page was opened with, shown above the screen. */
  notice?: string;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}

export function ConsoleLayout({ me, notice, onSignOut, children }: ConsoleLayoutProps) {
  return (
    <div className="console">
      <header className="console-header">
        <Link to={consolePaths.home} className="console-header__title">
          {consoleTexts.title}
        </Link>
        <p className="console-header__who">
          <span className="visually-hidden">{consoleTexts.signedInAs} </span>
          <span className="console-header__email">{me.email}</span>{' '}
          <span className="console-role" data-role={me.role}>
            {roleLabels[me.role]}
          </span>
        </p>
        <button type="button" className="btn btn--ghost console-header__out" onClick={() => void onSignOut()}>
          {consoleTexts.signOut}
        </button>
      </header>
      <nav className="console-nav" aria-label="Console">
        {screensFor(me.role).map((screen) => (
          <NavLink key={screen.path} to={screen.path} className="console-nav__link">
            {screen.label}
          </NavLink>
        ))}
      </nav>
      <main className="console-main">
        {notice && (
          <p className="error" role="alert">
            {notice}
          </p>
        )}
        {children}
      </main>
    </div>
  );
}
