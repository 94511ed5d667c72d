import { Placeholder } from '@/app/Placeholder.tsx';

/** Filled by the visitor-app work (issue 5). */
export default function ListingDetailPage() {
  return <Placeholder title="Annuncio" />;
}
