// A screen whose code cannot be loaded (a lost connection at sea, or a new deploy that renamed the
// bundles) shows a way out instead of a blank page.
import { Component, type ReactNode } from 'react';

export class LoadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="screen screen--center">
        <h1 className="title">Man overboard!</h1>
        <p>This page could not be loaded. Please check your connection and try again.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>
    );
  }
}
