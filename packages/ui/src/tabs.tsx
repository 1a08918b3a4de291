import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled selection; leave out to let the component keep its own. */
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select, Home/End jump to the
 * ends, and only the selected tab is in the Tab order. Panels other than the selected one
 * stay in the DOM (so aria-controls always points somewhere) but render nothing, which keeps
 * unopened tabs from loading their data.
 */
export function Tabs({ items, label, selectedId, defaultSelectedId, onSelect }: TabsProps) {
  const baseId = useId();
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId ?? items[0]?.id);
  const requested = selectedId ?? ownSelected;
  const current = items.some((item) => item.id === requested) ? requested : items[0]?.id;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);

  // On a narrow screen the tab row scrolls: keep the selected tab in view (a tab opened from
  // the URL or by the arrow keys could otherwise sit off to the side, selected but unseen).
  // Only the row scrolls, never the page.
  // The row is measured again when it changes size (a phone turned, a window narrowed).
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = current === undefined ? undefined : tabRefs.current.get(current);
    if (!list || !tab) return;
    const reveal = () => {
      const listBox = list.getBoundingClientRect();
      const tabBox = tab.getBoundingClientRect();
      if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
      else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
    };
    reveal();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    return () => observer.disconnect();
  }, [current]);

  function select(id: string) {
    if (selectedId === undefined) setOwnSelected(id);
    onSelect?.(id);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === current);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % items.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + items.length) % items.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    select(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className="ui-tabs">
      <div ref={listRef} role="tablist" aria-label={label} className="ui-tablist" onKeyDown={handleKeyDown}>
        {items.map((item) => {
          const selected = item.id === current;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) tabRefs.current.set(item.id, el);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={selected}
              aria-controls={panelId(item.id)}
              tabIndex={selected ? 0 : -1}
              className="ui-tab"
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const selected = item.id === current;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={!selected}
            tabIndex={selected ? 0 : undefined}
            className="ui-tabpanel"
          >
            {selected ? item.content : null}
          </div>
        );
      })}
    </div>
  );
}
