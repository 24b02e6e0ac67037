// A modal popup on the native <dialog> element: focus is trapped and restored by the browser,
// Escape closes it, and a tap on the backdrop closes it when `closeOnBackdrop` is set.
import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  closeOnBackdrop?: boolean;
  className?: string;
}

/** Opens a <dialog> as modal while the component is shown. */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}

export function Modal({ title, onClose, children, closeOnBackdrop = true, className = '' }: ModalProps) {
  const ref = useModalDialog();
  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__body">
        <h2 id="modal-title" className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
