// The logged-in welcome: the stored name, Continue and Logout (docs/product.md §2.2).
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { keys, read, signOut } from '../../lib/storage';
import { logout } from './logout-api';
import { t } from '../../lib/i18n';

export function WelcomeSignedIn() {
  const [leaving, setLeaving] = useState(false);
  const name = read(keys.userName) || 'User';
  const leave = async () => {
    setLeaving(true);
    await logout();
    signOut();
    window.location.replace(paths.welcome);
  };
  return (
    <div className="welcome__actions">
      <p className="welcome__user">
        {t('welcome.ahoyBefore')}
        <strong>{name}</strong>
        {t('welcome.ahoyAfter')}
      </p>
      <Link to={paths.checkpoints} className="btn btn--duck btn--block">
        {t('welcome.continue')}
      </Link>
      <button type="button" className="btn btn--ghost btn--block" disabled={leaving} onClick={() => void leave()}>
        {t('welcome.logout')}
      </button>
    </div>
  );
}
