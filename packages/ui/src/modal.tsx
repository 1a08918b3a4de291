import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button.tsx';
import { classNames } from './class-names.ts';
import { focusableElements } from './focusable.ts';
import { Icon } from './icon.tsx';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** What gets focus on open; defaults to the first focusable element of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** sm 420px, md 520px, lg 860px, xl 1040px (wide editors with many tabs). */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** False while something is being saved, so a stray Escape does not throw work away. */
  dismissible?: boolean;
  /**
   * False leaves out the header's close button, for a dialog that is not dismissible at all
   * (a progress overlay whose footer offers the way out, such as 'Batalkan').
   */
  showCloseButton?: boolean;
}

/**
 * A modal dialog: labelled by its title, keeps Tab inside itself, closes on Escape, and puts
 * focus back on whatever opened it when it closes.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  describedBy,
  initialFocusRef,
  size = 'md',
  closeLabel = 'Tutup',
  dismissible = true,
  showCloseButton = true,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  // Focus moves in on open and returns to the opener on close. The effect depends on `open`
  // only, so re-renders while open do not steal focus from the field being typed in.
  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      initialFocusRef?.current ??
      (bodyRef.current ? focusableElements(bodyRef.current)[0] : undefined) ??
      dialogRef.current;
    target?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: open/close only
  }, [open]);

  if (!open) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Stop here so an outer modal (React bubbles through portals) does not close as well.
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    event.stopPropagation();
    const items = focusableElements(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function handleBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    // Only a press that starts on the backdrop itself closes: dragging a text selection out
    // of an input must not.
    if (event.target === event.currentTarget && dismissible) onClose();
  }

  return createPortal(
    <div className="ui-modal-backdrop" onMouseDown={handleBackdropMouseDown}>
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={classNames('ui-modal', size !== 'md' && `ui-modal--${size}`)}
        onKeyDown={handleKeyDown}
      >
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          {showCloseButton ? (
            <Button
              variant="ghost"
              iconOnly
              aria-label={closeLabel}
              onClick={onClose}
              disabled={!dismissible}
            >
              <Icon name="close" />
            </Button>
          ) : null}
        </div>
        <div ref={bodyRef} className="ui-modal__body">
          {children}
        </div>
        {footer ? <div className="ui-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
