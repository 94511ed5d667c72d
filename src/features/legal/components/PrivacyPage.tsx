import { t } from '@/lib/catalogue/index.ts';
import { LegalPage } from './LegalPage.tsx';

export default function PrivacyPage() {
  return <LegalPage doc={t.legal.privacy} />;
}
