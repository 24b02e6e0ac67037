import { useScreens } from '../lib/campaign-api';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

export default function NotFoundRoute() {
  return (
    <main className="screen screen--center">
      <h1 className="title">{useScreens()?.notFoundTitle ?? 'Page not found'}</h1>
      <p>This page does not exist.</p>
      <Link className="btn btn--primary" to={paths.welcome}>
        Back to the start
      </Link>
    </main>
  );
}
