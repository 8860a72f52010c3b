import { Download } from 'lucide-react';
import { buttonStyles } from './styles';

/**
 * Downloads the blog newsletter's subscribers as CSV. A plain link: the staff session cookie is
 * scoped to /api/admin, so the browser sends it, and the server names the file.
 */
export function NewsletterExportLink() {
  return (
    <a href="/api/admin/newsletter/subscribers.csv" download className={buttonStyles.smallSecondary}>
      <Download aria-hidden className="h-4 w-4" />
      Newsletter subscribers (CSV)
    </a>
  );
}
