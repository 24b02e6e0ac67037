import { Link } from 'react-router';
import { t } from '../lib/i18n';
import '../lib/game-texts';

export function BottomBar({ links }: { links: { to: string; label: string }[] }) {
  return (
    <nav className="bottom-bar" aria-label={t('nav.main')}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="btn btn--primary bottom-bar__link">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
