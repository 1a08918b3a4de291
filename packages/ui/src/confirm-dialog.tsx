import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (red confirm button). */
  tone?: 'danger' | 'primary';
  /** The confirmed action is running: the confirm button spins and the dialog stays open. */
  loading?: boolean;
  /** Shown above the buttons, e.g. why the action failed. */
  children?: ReactNode;
}

/**
 * Asks before something irreversible. Focus starts on the cancel button so that a reflexive
 * Enter does not delete anything.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Ya',
  cancelLabel = 'Batal',
  tone = 'danger',
  loading = false,
  children,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={title}
      onClose={onCancel}
      describedBy={messageId}
      initialFocusRef={cancelRef}
      size="sm"
      dismissible={!loading}
      footer={
        <>
          <Button ref={cancelRef} onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} className="ui-confirm__message">
        {message}
      </p>
      {children}
    </Modal>
  );
}
