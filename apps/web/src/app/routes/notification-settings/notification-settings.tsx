import { PageHeader } from '@/components/page-header.tsx';
import { NotificationSettingsPanel } from '@/features/notifications/components/notification-settings-panel.tsx';
import '@/features/notifications/components/notifications.css';

/** Issue 31 item 3: the member chooses which kinds of notification reach the bell. */
export function NotificationSettingsRoute() {
  return (
    <>
      <PageHeader
        title="Pengaturan Notifikasi"
        description="Pilih kabar mana yang masuk ke lonceng notifikasi. Kegagalan selalu dikirim."
      />
      <NotificationSettingsPanel />
    </>
  );
}
