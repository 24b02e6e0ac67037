// The reasons a rejection gives the visitor (docs/product.md §15): one of the short list that fits the answers'
// types (no photo reason for a text answer), or free text.
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { REVIEW_REASON_MAX_LENGTH, reviewReasonsFor } from '../console-types';
import { reviewTexts } from './review-texts';
import { ConsoleForm } from '../console-form';

interface RejectDialogProps {
  count: number;
  /** The types of the answers being rejected. */
  types: readonly ('Str' | 'Upload')[];
  onReject: (reason: string) => void;
  onClose: () => void;
}

export function RejectDialog({ count, types, onReject, onClose }: RejectDialogProps) {
  const [other, setOther] = useState('');
  return (
    <Modal title={reviewTexts.rejectTitle(count)} onClose={onClose} className="reject-dialog">
      <p className="dialog__text">{reviewTexts.rejectHint}</p>
      <div className="reject-dialog__reasons">
        {reviewReasonsFor(types).map((reason, index) => (
          <button
            key={reason}
            type="button"
            className="btn btn--ghost btn--block reject-dialog__reason"
            autoFocus={index === 0}
            onClick={() => onReject(reason)}
          >
            {reason}
          </button>
        ))}
      </div>
      <ConsoleForm
        className="reject-dialog__other"
        onSubmit={() => {
          if (other.trim()) onReject(other.trim());
        }}
      >
        <label className="field">
          <span className="field__label">{reviewTexts.otherReason}</span>
          <textarea
            className="input"
            rows={2}
            maxLength={REVIEW_REASON_MAX_LENGTH}
            value={other}
            onChange={(event) => setOther(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--danger btn--block" disabled={!other.trim()}>
          {reviewTexts.rejectWithReason}
        </button>
      </ConsoleForm>
      <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
        {reviewTexts.cancel}
      </button>
    </Modal>
  );
}
