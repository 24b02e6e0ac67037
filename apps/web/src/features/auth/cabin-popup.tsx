// The cabin question that ends both sign-ups (docs/product.md §2.3 and §2.4).
import { useState } from 'react';
import { Modal } from '../../components/modal';

const choices = [
  { cabinOwner: true, label: 'Yes, I have a cabin', variant: 'btn--primary' },
  { cabinOwner: false, label: 'No, I need to win one', variant: 'btn--duck' },
];

interface CabinPopupProps {
  /** Creates the account; the popup shows 'Creating account...' until it settles. */
  onChoose: (cabinOwner: boolean) => Promise<void>;
  onClose: () => void;
  error: string;
}

export function CabinPopup({ onChoose, onClose, error }: CabinPopupProps) {
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
  return (
    <Modal title="Do you already have a cabin?" onClose={() => !busy && onClose()} closeOnBackdrop={!busy}>
      <p className="dialog__text">If you already have a cabin, you can earn shipping credits instead of competing for one.</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="cabin-choices">
        {choices.map(({ cabinOwner, label, variant }) => (
          <button
            key={label}
            type="button"
            className={`btn btn--block ${variant}`}
            disabled={busy}
            onClick={() => void choose(cabinOwner)}
          >
            {choosing === cabinOwner ? 'Creating account...' : label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
