// The spec's prompt 'Please provide your email for confirmation', as an in-app dialog.
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { authTexts } from './auth-texts';
import { EmailField } from './form-field';

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
        <EmailField value={email} onChange={setEmail} autoFocus />
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
