import { Download } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import { EXPORT_URL } from '../api/export-data';
import { AccountSection } from './account-section';

/** The export: a ZIP the browser downloads as the server writes it. */
export function DataSection() {
  return (
    <AccountSection
      id="data"
      title="Your data"
      description="A ZIP file with your profile, your balance and credit history, every generation with its audio, and your cloned voices with their samples. The files are JSON, MP3 and the samples as you uploaded them."
    >
      <a href={EXPORT_URL} download className={buttonStyles.secondary}>
        <Download aria-hidden className="h-4 w-4" />
        Export my data
      </a>
    </AccountSection>
  );
}
