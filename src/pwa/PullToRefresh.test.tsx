import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@/test/render.tsx';
import { PullToRefresh } from './PullToRefresh.tsx';

function touch(type: string, y: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: type === 'touchend' ? [] : [{ clientY: y }] });
  act(() => {
    document.body.dispatchEvent(event);
  });
}

describe('PullToRefresh', () => {
  afterEach(() => vi.useRealTimers());

  it('refreshes 500 ms after a pull of at least 80 px', () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn();
    render(<PullToRefresh onRefresh={onRefresh} />);
    touch('touchstart', 100);
    touch('touchmove', 150);
    expect(screen.getByTestId('pull-to-refresh')).toHaveAttribute('data-state', 'pulling');
    touch('touchmove', 400);
    expect(screen.getByTestId('pull-to-refresh')).toHaveAttribute('data-state', 'ready');
    // Clamped to 1.5 x 80 px: the indicator sits at 120 - 44 px.
    expect(screen.getByTestId('pull-to-refresh').style.transform).toBe('translateY(76px)');
    touch('touchend', 0);
    expect(screen.getByTestId('pull-to-refresh')).toHaveAttribute('data-state', 'refreshing');
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onRefresh).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('does nothing for a short pull', () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn();
    render(<PullToRefresh onRefresh={onRefresh} />);
    touch('touchstart', 100);
    touch('touchmove', 170);
    touch('touchend', 0);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.getByTestId('pull-to-refresh')).toHaveAttribute('data-state', 'idle');
  });

  it('ignores wheel scrolling', () => {
    const onRefresh = vi.fn();
    render(<PullToRefresh onRefresh={onRefresh} />);
    act(() => {
      window.dispatchEvent(new WheelEvent('wheel', { deltaY: -500 }));
    });
    expect(screen.getByTestId('pull-to-refresh')).toHaveAttribute('data-state', 'idle');
  });
});
