import { Placeholder } from '@/app/Placeholder.tsx';

/** Filled by the visitor-app work (issue 5). */
export default function HomePage() {
  return <Placeholder title="Annunci" />;
}
