import { useCampaign, useScreens } from '../../lib/campaign-api';
import { EnglishWithin } from '../../components/english-within';
import { collectionTexts } from './collection';
import { GiftImage } from './gift-image';
import { type OwnedReward, ownedFallbackDescription } from './owned-rewards';
import { isLongName } from './reward-availability';
import { VoucherQr } from './voucher-qr';
import './rewards.css';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

/** One owned reward: its name, picture, description and the voucher code(s) to show when collecting it. */
export function RewardDetailView({ reward }: { reward: OwnedReward }) {
  const { vouchers } = reward;
  const { where, when } = collectionTexts(useCampaign().data?.collection);
  const screens = useScreens();
  return (
    <>
      <h1 className={`title${isLongName(reward.item) ? ' title--small' : ''}`} lang="en">
        {reward.item}
      </h1>
      <GiftImage className="reward-detail__image" />
      {/* The pack's description (data-pack, decision 050), else ours around the reward's English name. */}
      <p className="card reward-detail__description" data-pack={reward.description ? '' : undefined}>
        {reward.description || <EnglishWithin text={ownedFallbackDescription(reward.item)} english={reward.item} />}
      </p>
      {vouchers.length > 0 && (
        <section className="card reward-detail__vouchers" aria-labelledby="vouchers-title">
          <h2 id="vouchers-title" className="reward-detail__vouchers-title">
            {vouchers.length > 1 ? t('rewards.yourVouchers') : t('rewards.yourVoucher')}
          </h2>
          <p className="muted reward-detail__hint" data-pack>
            {screens?.voucherHint}
          </p>
          {(where || when) && (
            <dl className="reward-detail__collect">
              {where && (
                <div>
                  <dt>{t('rewards.where')}</dt>
                  <dd data-pack>{where}</dd>
                </div>
              )}
              {when && (
                <div>
                  <dt>{t('rewards.when')}</dt>
                  <dd data-pack>{when}</dd>
                </div>
              )}
            </dl>
          )}
          {vouchers.map((voucher) => (
            <VoucherQr key={voucher.code} voucher={voucher} />
          ))}
        </section>
      )}
    </>
  );
}
