// The spec's prompt 'Please provide your email for confirmation', as an in-app dialog.
import { EMAIL_MAX_LENGTH } from '@quackquest/contract/core';
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { authTexts, fieldLabels } from './auth-texts';
import { FormField } from './form-field';

export function EmailPrompt({ onSubmit, onCancel }: { onSubmit: (email: string) => void; onCancel: () => void }) {
  const [email, setEmail] = useState('');
  return (
    <Modal title={authTexts.confirmEmail} onClose={onCancel} closeOnBackdrop={false}>
      <form
        className="auth-dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          // If none is given, nothing happens (docs/product.md §2.2).
          if (email.trim()) onSubmit(email.trim());
          else onCancel();
        }}
      >
        <FormField
          label={fieldLabels.email}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={setEmail}
          autoFocus
        />
        <div className="dialog__actions">
          <button type="submit" className="btn btn--primary">
            OK
          </button>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {authTexts.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
