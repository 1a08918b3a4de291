import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { useState } from 'react';
import { CHANGE_PASSWORD_TITLE, ChangePasswordModal } from './change-password-modal.tsx';

/** The user menu's "Ganti Password" (sidebar footer), with its dialog. */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" block onClick={() => setOpen(true)}>
        <Icon name="lock" size={18} />
        {CHANGE_PASSWORD_TITLE}
      </Button>
      {open ? <ChangePasswordModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
