import type { SessionUser } from '@scrapper/contracts/http/auth';
import { Button } from '@scrapper/ui/button';
import './auth.css';

export interface SessionNoticeProps {
  user: SessionUser;
  onContinue: () => void;
  onLoginAgain: () => void;
}

/** Spec: on /login while logged in, show who is logged in and allow logging in again. */
export function SessionNotice({ user, onContinue, onLoginAgain }: SessionNoticeProps) {
  return (
    <div className="session-notice" role="status">
      <p>
        Anda sudah login sebagai <strong>{user.username}</strong> (role:{' '}
        <strong>{user.role}</strong>).
      </p>
      <div className="session-notice__actions">
        <Button variant="primary" onClick={onContinue}>
          Lanjutkan ke aplikasi
        </Button>
        <Button onClick={onLoginAgain}>Login dengan akun lain</Button>
      </div>
    </div>
  );
}
