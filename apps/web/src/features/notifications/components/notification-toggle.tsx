import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * The header's notification toggle. The notification list itself comes with a later issue;
 * until then the panel says so plainly rather than showing an empty or invented list.
 */
export function NotificationToggle() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="notifications" ref={rootRef}>
      <Button
        ref={buttonRef}
        variant="ghost"
        iconOnly
        aria-label="Notifikasi"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="bell" />
      </Button>
      <div
        id={panelId}
        role="region"
        aria-labelledby={headingId}
        className="notifications__panel"
        hidden={!open}
      >
        <h2 id={headingId} className="notifications__title">
          Notifikasi
        </h2>
        <p className="notifications__empty">Notifikasi belum tersedia.</p>
      </div>
    </div>
  );
}
