import { t } from '@/lib/catalogue/index.ts';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';

const m = t.frame.errorFallback;

/** RouteErrorBoundary's screen: 'Unexpected Application Error!'. */
export function ErrorFallback() {
  return (
    <div className={page.message} role="alert">
      <h1 className={page.title}>{m.heading}</h1>
      <p className={page.text}>{m.text}</p>
      <div className={page.row}>
        <Button onClick={() => window.location.reload()}>{m.reload}</Button>
        <Button component="a" href="/" variant="default">
          {m.home}
        </Button>
      </div>
    </div>
  );
}
