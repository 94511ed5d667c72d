import { legal } from '@/lib/catalogue/legal.ts';
import { LegalPage } from './LegalPage.tsx';

export default function PrivacyPage() {
  return <LegalPage doc={legal.privacy} />;
}
