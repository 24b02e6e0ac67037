// The sign-up question that ends both sign-ups (docs/product.md §2.3 and §2.4), as campaign.yaml signup words it:
// "yes" makes the visitor an owner (rewards with eligibility owners), "no" a non-owner.
import type { CampaignScreens } from '@quackquest/contract/core';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/modal';
import { useCampaign } from '../../lib/campaign-api';
import { t } from '../../lib/i18n';
import './signup-texts';

type SignupQuestionProps = Omit<CabinPopupProps, 'question'>;

/**
 * The campaign's sign-up question; a campaign without one (no signup in campaign.yaml) asks nothing: the account is
 * created at once, as a visitor answering "no".
 */
export function SignupQuestion(props: SignupQuestionProps) {
  const { data: campaign } = useCampaign();
  if (!campaign) return null;
  const question = campaign.screens?.signup;
  return question ? <CabinPopup question={question} {...props} /> : <NoQuestion {...props} />;
}

function NoQuestion({ onChoose, onClose, error }: SignupQuestionProps) {
  const started = useRef(false);
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void onChoose(false).finally(() => setBusy(false));
  }, [onChoose]);
  if (busy) {
    return (
      <p className="loading" role="status">
        {t('auth.creatingAccount')}
      </p>
    );
  }
  return error ? (
    <Modal title={t('signup.title')} onClose={onClose}>
      <p className="error" role="alert">
        {error}
      </p>
    </Modal>
  ) : null;
}

interface CabinPopupProps {
  question: NonNullable<CampaignScreens['signup']>;
  /** Creates the account; the popup shows 'Creating account...' until it settles. */
  onChoose: (cabinOwner: boolean) => Promise<void>;
  onClose: () => void;
  error: string;
}

function CabinPopup({ question, onChoose, onClose, error }: CabinPopupProps) {
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const choose = async (cabinOwner: boolean) => {
    setChoosing(cabinOwner);
    try {
      await onChoose(cabinOwner);
    } finally {
      setChoosing(null);
    }
  };
  const busy = choosing !== null;
  const choices = [
    { cabinOwner: true, label: question.yes.answer, variant: 'btn--primary' },
    { cabinOwner: false, label: question.no.answer, variant: 'btn--duck' },
  ];
  return (
    <Modal title={<span data-pack>{question.question}</span>} onClose={() => !busy && onClose()} closeOnBackdrop={!busy}>
      {question.text && (
        <p className="dialog__text" data-pack>
          {question.text}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="cabin-choices">
        {choices.map(({ cabinOwner, label, variant }) => (
          <button
            key={String(cabinOwner)}
            type="button"
            className={`btn btn--block ${variant}`}
            disabled={busy}
            onClick={() => void choose(cabinOwner)}
          >
            {choosing === cabinOwner ? t('auth.creatingAccount') : <span data-pack>{label}</span>}
          </button>
        ))}
      </div>
    </Modal>
  );
}
