import { Card } from '@scrapper/ui/card';
import { Alert } from '@scrapper/ui/alert';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen.tsx';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { SessionNotice } from '@/features/auth/components/session-notice.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { redirectTarget } from '@/lib/redirect-state.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';

const END_REASON_TEXT = {
  expired: 'Sesi Anda telah berakhir. Silakan login kembali.',
  unauthorized: 'Sesi Anda tidak lagi berlaku. Silakan login kembali.',
} as const;

export function LoginRoute() {
  useDocumentTitle('Login');
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const endReason = useSessionStore((state) => state.endReason);
  const location = useLocation();
  const navigate = useNavigate();
  const [loginAgain, setLoginAgain] = useState(false);

  // Back to where the visitor was going (else the root), replacing /login in the history
  // so Back does not return to the form.
  const goOn = () => navigate(redirectTarget(location.state), { replace: true });

  if (status === 'checking') return <LoadingScreen />;

  return (
    <PublicLayout width="narrow">
      <Card>
        <h1 className="login-title">Login</h1>
        <p className="muted login-subtitle">Masuk ke Scrapper dengan akun Anda.</p>
        {status === 'authenticated' && user && !loginAgain ? (
          <SessionNotice user={user} onContinue={goOn} onLoginAgain={() => setLoginAgain(true)} />
        ) : (
          <>
            {endReason ? <Alert tone="info">{END_REASON_TEXT[endReason]}</Alert> : null}
            <LoginForm onSuccess={goOn} />
          </>
        )}
      </Card>
    </PublicLayout>
  );
}
