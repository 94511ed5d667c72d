import { useId, type ReactNode } from 'react';
import classes from './Alert.module.css';

/** Mantine's light Alert (a title, then the message; or the message alone) without Mantine, for the public screens' notices. */
export function Alert({ color = 'yellow', title, role = 'alert', children, 'data-testid': testId }: { color?: 'yellow' | 'red' | 'gray'; title?: ReactNode; role?: 'alert' | 'status'; children?: ReactNode; 'data-testid'?: string }) {
  const id = useId();
  return (
    <div
      className={classes.alert}
      data-color={color}
      role={role}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={title && children ? `${id}-body` : undefined}
      data-testid={testId}
    >
      {title && (
        <div className={classes.title} id={`${id}-title`}>
          {title}
        </div>
      )}
      {children && (
        <div className={classes.message} id={`${id}-body`}>
          {children}
        </div>
      )}
    </div>
  );
}
