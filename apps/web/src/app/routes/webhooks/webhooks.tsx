import { PageHeader } from '@/components/page-header.tsx';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel.tsx';
import '@/features/webhooks/components/webhooks.css';

/**
 * Issue 21 item 3: signed webhooks. The member's tools hear when their scrapes, downloads,
 * uploads and automations end, signed per Standard Webhooks so the receiver can check them.
 */
export function WebhooksRoute() {
  return (
    <>
      <PageHeader
        title="Webhook"
        description="Scrapper mengirim POST berisi JSON ke alamat Anda saat pekerjaan Anda selesai atau gagal. Setiap kiriman ditandatangani (Standard Webhooks: header webhook-id, webhook-timestamp, webhook-signature) dengan secret webhook itu."
      />
      <div className="webhooks-page">
        <WebhooksPanel />
      </div>
    </>
  );
}
