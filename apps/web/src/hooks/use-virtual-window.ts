import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { computeWindow } from '@/lib/virtual-window.ts';

export interface UseVirtualWindowOptions {
  rowCount: number;
  rowHeight: number;
  overscan?: number;
}

/**
 * Windowing for a scroll container of fixed-height rows: attach `ref` and `onScroll` to the
 * container; `range` says which rows to render and the padding that stands in for the others.
 * Scroll events are folded into one update per animation frame.
 */
export function useVirtualWindow({ rowCount, rowHeight, overscan = 4 }: UseVirtualWindowOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const frame = useRef<number | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setViewportHeight(element.clientHeight);
    setScrollTop(element.scrollTop);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onScroll = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (ref.current) setScrollTop(ref.current.scrollTop);
    });
  }, []);

  const range = computeWindow({ scrollTop, viewportHeight, rowHeight, rowCount, overscan });
  return { ref, onScroll, range };
}
