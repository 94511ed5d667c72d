import { legal } from '@/lib/catalogue/legal.ts';
import { LegalPage } from './LegalPage.tsx';

export default function TermsPage() {
  return <LegalPage doc={legal.terms} />;
}
