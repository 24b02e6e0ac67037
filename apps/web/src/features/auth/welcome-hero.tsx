// Logo, tagline, the prize banner, and apart from them the daily challenge, from the campaign pack (GET /api/campaign,
// campaign.yaml look and prize). Nothing is shown for a part the pack leaves out, nor before the campaign is loaded.
// All of it is the pack's words (`data-pack`: the pseudo-locale journey leaves them out, decision 050).
import { Link } from 'react-router';
import { useCampaign } from '../../lib/campaign-api';
import { BrandImage } from './brand-image';

export function WelcomeHero({ prizeLink }: { prizeLink: string }) {
  const { data: campaign } = useCampaign();
  const screens = campaign?.screens;
  const name = campaign?.name ?? '';
  const wordmark = <span className="welcome__wordmark">{screens?.logo?.alt ?? name}</span>;
  const prize = screens?.prize;
  return (
    <header className="welcome__hero" data-pack>
      <h1 className="welcome__brand">
        {screens?.logo ? (
          <BrandImage
            className="welcome__logo"
            src={screens.logo.url}
            alt={screens.logo.alt}
            width={260}
            height={120}
            fallback={wordmark}
          />
        ) : (
          wordmark
        )}
      </h1>
      <p className="welcome__tagline">{campaign?.tagline}</p>
      {prize && (
        <Link to={prizeLink} className="welcome__cabin press">
          {prize.image ? (
            <BrandImage
              className="welcome__cabin-art"
              src={prize.image}
              alt={prize.title}
              width={640}
              height={220}
              fetchPriority="high"
              fallback={<span className="welcome__cabin-title">{prize.title}</span>}
            />
          ) : (
            <span className="welcome__cabin-title">{prize.title}</span>
          )}
          <span className="welcome__cabin-text">{prize.text}</span>
        </Link>
      )}
    </header>
  );
}

/**
 * The daily challenge's description, below the ways in: at 320 px the hero and the description together pushed
 * every sign-in button under the fold (issue 30 part 3).
 */
export function WelcomeDescription() {
  const { data: campaign } = useCampaign();
  return (
    <p className="welcome__description" data-pack>
      {campaign?.description}
    </p>
  );
}
