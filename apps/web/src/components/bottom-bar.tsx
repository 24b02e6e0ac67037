import { Link } from 'react-router';

export function BottomBar({ links }: { links: { to: string; label: string }[] }) {
  return (
    <nav className="bottom-bar" aria-label="Main">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="btn btn--primary bottom-bar__link">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
