import { Button } from '@scrapper/ui/button';
import { useState } from 'react';
import { PROFILE_TITLE, ProfileModal } from './profile-modal.tsx';

/** The user menu's "Profil" (sidebar footer): the member's optional email. */
export function ProfileButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" block onClick={() => setOpen(true)}>
        {PROFILE_TITLE}
      </Button>
      {open ? <ProfileModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
