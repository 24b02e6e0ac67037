// A CSV export as the browser downloads it: a form that POSTs to the export (never a link, which any same-site <img>
// could follow in the admin's name); the attachment answer leaves the page where it is.
import type { ReactNode } from 'react';

export function DownloadForm({ action, className, children }: { action: string; className: string; children: ReactNode }) {
  return (
    <form method="post" action={action} className="download-form">
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
