// Logo, tagline, the Free Cabin banner and the 14-day challenge, from the campaign pack (GET /api/campaign).
import { Link } from 'react-router';
import { useCampaign } from '../../lib/campaign-api';
import { BrandImage } from './brand-image';

const cabinTitle = 'Win a free cabin';

export function WelcomeHero({ cabinLink }: { cabinLink: string }) {
  const { data: campaign } = useCampaign();
  const days = campaign?.challengeDays ?? 14;
  return (
    <header className="welcome__hero">
      <h1 className="welcome__brand">
        <BrandImage
          className="welcome__logo"
          src="/brand/logo.svg"
          alt="QuackQuest"
          width={260}
          height={120}
          fallback={<span className="welcome__wordmark">QuackQuest</span>}
        />
      </h1>
      <p className="welcome__tagline">{campaign?.tagline ?? `The ${days}-day daily challenge on board`}</p>
      <Link to={cabinLink} className="welcome__cabin press">
        <BrandImage
          className="welcome__cabin-art"
          src="/brand/free-cabin.svg"
          alt={cabinTitle}
          width={640}
          height={220}
          fallback={<span className="welcome__cabin-title">{cabinTitle}</span>}
        />
        <span className="welcome__cabin-text">3 days, 2 nights on our epic shipcation</span>
      </Link>
      <p className="welcome__description">
        {campaign?.description ??
          `A new checkpoint opens every day for ${days} days. Complete it, spin the wheel for 1 to 5 ducks and spend them on rewards on board.`}
      </p>
    </header>
  );
}
