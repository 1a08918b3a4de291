import { useCallback, useRef } from 'react';

type Focusable = HTMLElement | null;

/**
 * Stable ref callbacks per field name, so that a failed check can put the focus on the first
 * field it names.
 */
export function useFieldRefs<F extends string>() {
  const elements = useRef(new Map<F, HTMLElement>());
  const callbacks = useRef(new Map<F, (element: Focusable) => void>());

  const refFor = useCallback((field: F) => {
    let callback = callbacks.current.get(field);
    if (!callback) {
      callback = (element: Focusable) => {
        if (element) elements.current.set(field, element);
        else elements.current.delete(field);
      };
      callbacks.current.set(field, callback);
    }
    return callback;
  }, []);

  const focus = useCallback((field: F) => {
    elements.current.get(field)?.focus();
  }, []);

  return { refFor, focus };
}
