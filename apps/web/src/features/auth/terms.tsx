// The Terms and Conditions popup, loaded only when opened so the first screen stays small.
import { Suspense, lazy, useState } from 'react';
import { t } from '../../lib/i18n';

const TermsPopup = lazy(() => import('../../components/terms-popup'));

export function Terms({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TermsPopup onClose={onClose} />
    </Suspense>
  );
}

/** The T&C button of the welcome page. */
export function TermsButton({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`link-button ${className}`} onClick={() => setOpen(true)}>
        {t('welcome.terms')}
      </button>
      <Terms open={open} onClose={() => setOpen(false)} />
    </>
  );
}
