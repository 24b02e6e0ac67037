// /console when signed in: the screens of the operator's role (docs/product.md §15).
import { Link } from 'react-router';
import type { ConsoleMe } from './console-types';
import { roleLabels, screensFor } from './roles';

export function ConsoleHome({ me }: { me: ConsoleMe }) {
  return (
    <section className="console-home" aria-labelledby="console-home-title">
      <h1 id="console-home-title" className="console-title">
        Welcome aboard
      </h1>
      <p>
        You are signed in as <strong>{me.email}</strong> with the role <strong>{roleLabels[me.role]}</strong>.
      </p>
      <ul className="console-home__screens">
        {screensFor(me.role).map((screen) => (
          <li key={screen.path}>
            <Link to={screen.path} className="console-tile">
              <span className="console-tile__label">{screen.label}</span>
              <span className="console-tile__hint">{screen.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
