import { useScreens } from '../../lib/campaign-api';
import type { Reward } from '@quackquest/contract/core';
import { Link } from 'react-router';
import { EnglishWithin } from '../../components/english-within';
import { Modal } from '../../components/modal';
import { paths } from '../../lib/paths';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

interface ConfirmProps {
  reward: Reward;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Confirm Reward Claim': Cancel or a tap on the backdrop closes it. */
export function ConfirmClaimDialog({ reward, pending, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Modal title={t('rewards.confirmTitle')} onClose={onCancel}>
      <p className="dialog__text">
        <EnglishWithin text={t('rewards.confirmText', { item: reward.item, price: reward.price })} english={reward.item} />
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={pending} autoFocus>
          {pending ? t('rewards.claiming') : t('rewards.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** The success popup, with a button back to the list. */
export function ClaimedPopup({ item, onClose }: { item: string; onClose: () => void }) {
  const screens = useScreens();
  return (
    <Modal
      title={<EnglishWithin text={t('rewards.claimed', { item })} english={item} />}
      onClose={onClose}
      className="claimed-popup"
    >
      <ClaimedDuck />
      <p className="dialog__text" data-pack>
        {screens?.claimedHint}
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={onClose} autoFocus>
        {t('rewards.backToRewards')}
      </button>
      <Link to={paths.myRewards} className="btn btn--ghost btn--block">
        {t('rewards.myRewards')}
      </Link>
    </Modal>
  );
}

function ClaimedDuck() {
  return (
    <svg className="claimed-popup__art" viewBox="0 0 120 80" aria-hidden="true">
      <circle cx="60" cy="40" r="36" fill="#e3f1fc" />
      <ellipse cx="56" cy="52" rx="26" ry="15" fill="#ffc928" />
      <circle cx="68" cy="32" r="13" fill="#ffc928" />
      <path d="M80 30 l13 3 -13 6 Z" fill="#e8731c" />
      <circle cx="71" cy="29" r="2.4" fill="#10223a" />
      <path d="M40 48 q10 9 22 0" fill="none" stroke="#d99a00" strokeWidth="3" strokeLinecap="round" />
      <path d="M20 18 l4 -8 4 8 -8 -5 h8 Z M98 60 l3 -6 3 6 -6 -4 h6 Z" fill="#ffc928" />
    </svg>
  );
}
