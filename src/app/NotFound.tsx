import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';

const m = t.frame.notFound;

export function NotFound() {
  return (
    <div className={page.message}>
      <p className={page.text} style={{ fontSize: 56, fontWeight: 800, lineHeight: 'var(--mantine-line-height-md)', color: 'var(--mantine-color-pink-8)' }} aria-hidden>
        404
      </p>
      <h1 className={page.title}>{m.title}</h1>
      <p className={page.text}>{m.text}</p>
      <Button component={Link} to={paths.home}>
        {m.home}
      </Button>
    </div>
  );
}
