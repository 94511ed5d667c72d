import { t } from '@/lib/catalogue/index.ts';
import { LegalPage } from './LegalPage.tsx';

export default function TermsPage() {
  return <LegalPage doc={t.legal.terms} />;
}
