// The spec's alert() messages, shown in an accessible in-app dialog with the same words
// (docs/product.md §11, difference 7). `const alert = useAlert(); await alert('...')`.
import { t } from '../lib/i18n';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useModalDialog } from './modal';

type ShowAlert = (message: string) => Promise<void>;
const AlertContext = createContext<ShowAlert>(() => Promise.resolve());

export function useAlert(): ShowAlert {
  return useContext(AlertContext);
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<{ message: string; done: () => void }[]>([]);
  const show = useCallback<ShowAlert>((message) => new Promise((done) => setQueue((q) => [...q, { message, done }])), []);
  const current = queue[0];
  const close = () => {
    current?.done();
    setQueue((q) => q.slice(1));
  };
  return (
    <AlertContext.Provider value={show}>
      {children}
      {current && <AlertDialog message={current.message} onClose={close} />}
    </AlertContext.Provider>
  );
}

function AlertDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const ref = useModalDialog();
  return (
    <dialog ref={ref} className="dialog" role="alertdialog" aria-labelledby="alert-message" onCancel={onClose}>
      <div className="dialog__body">
        <p id="alert-message" className="dialog__text">
          {message}
        </p>
        <button type="button" className="btn btn--primary" onClick={onClose} autoFocus>
          {t('common.ok')}
        </button>
      </div>
    </dialog>
  );
}
