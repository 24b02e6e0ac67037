import { useScreens } from '../lib/campaign-api';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';

export default function NotFoundRoute() {
  // The pack's own words for it (campaign.yaml texts.notFoundTitle), else ours.
  const title = useScreens()?.notFoundTitle;
  return (
    <main className="screen screen--center">
      <h1 className="title">{title ? <span data-pack>{title}</span> : t('common.pageNotFound')}</h1>
      <p>{t('common.pageMissing')}</p>
      <Link className="btn btn--primary" to={paths.welcome}>
        {t('common.backToStart')}
      </Link>
    </main>
  );
}
