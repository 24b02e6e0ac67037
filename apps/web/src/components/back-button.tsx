import { Link } from 'react-router';
import { t } from '../lib/i18n';

export function BackButton({ to, label = t('common.back') }: { to: string; label?: string }) {
  return (
    <Link to={to} className="back-button" aria-label={label}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
