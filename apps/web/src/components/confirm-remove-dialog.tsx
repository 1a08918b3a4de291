import { Alert } from '@scrapper/ui/alert';
import { ConfirmDialog, type ConfirmDialogProps } from '@scrapper/ui/confirm-dialog';
import type { ReactNode } from 'react';
import type { ConfirmAction } from '@/hooks/use-confirm-action.ts';

export interface ConfirmRemoveDialogProps<T> extends Pick<
  ConfirmDialogProps,
  'title' | 'message' | 'confirmLabel' | 'tone'
> {
  action: ConfirmAction<T>;
  /** The line naming what is removed ("Akun: **name** (TikTok)"); none when left out. */
  subject?: (target: T) => { label: string; name: string; extra?: ReactNode };
}

/**
 * The confirmation for a `useConfirmAction`: what is removed, and the error when the call
 * failed (an action that closes on failure leaves it to the page, beside its list).
 */
export function ConfirmRemoveDialog<T>({
  action,
  subject,
  ...dialog
}: ConfirmRemoveDialogProps<T>) {
  const named = action.target !== null && subject ? subject(action.target) : null;
  return (
    <ConfirmDialog
      {...dialog}
      open={action.target !== null}
      loading={action.busy}
      onConfirm={() => void action.confirm()}
      onCancel={action.cancel}
    >
      {named ? (
        <p className="muted">
          {named.label}: <strong>{named.name}</strong>
          {named.extra}
        </p>
      ) : null}
      {action.error ? <Alert tone="danger">{action.error}</Alert> : null}
    </ConfirmDialog>
  );
}
