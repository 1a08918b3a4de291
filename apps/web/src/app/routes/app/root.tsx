import { AppLayout } from '@/components/layouts/app-layout.tsx';
import { RequireAuth } from '@/components/require-auth.tsx';
import { ChangePasswordButton } from '@/features/auth/components/change-password-button.tsx';
import { ProfileButton } from '@/features/auth/components/profile-button.tsx';
import { NotificationToggle } from '@/features/notifications/components/notification-toggle.tsx';
import { ToolWarningBadge } from '@/features/tools/components/tool-warning-badge.tsx';

/** Every logged-in page renders inside this: guard, then the layout with its header. */
export function AppRoot() {
  return (
    <RequireAuth>
      <AppLayout
        userActions={
          <>
            <ProfileButton />
            <ChangePasswordButton />
          </>
        }
        headerActions={
          <>
            {/* Admins only: it renders nothing for members, and asks nothing. */}
            <ToolWarningBadge />
            <NotificationToggle />
          </>
        }
      />
    </RequireAuth>
  );
}
