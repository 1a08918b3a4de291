import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { VideoListItem } from '@scrapper/contracts/http/media';
import { formatDuration } from '@scrapper/contracts/rules/duration';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { Modal } from '@scrapper/ui/modal';
import { Spinner } from '@scrapper/ui/spinner';
import { useToastStore } from '@/stores/use-toast-store.ts';
import type { ItemDetailState } from '../hooks/use-item-detail.ts';
import { copyText } from '@/lib/copy-text.ts';
import { formatFullCount } from '../utils/format-count.ts';
import { DetailField } from './detail-field.tsx';

export interface ItemDetailModalProps {
  /** The row clicked: its fields show at once. */
  item: VideoListItem | null;
  /** The full item with its raw record, asked for when the modal opens. */
  detail: ItemDetailState | null;
  platformName: string;
  onClose: () => void;
}

/** The raw item as the actor returned it, for 'Copy Data Lengkap'. */
function fullData(item: VideoItem): string {
  return JSON.stringify(item.raw ?? item, null, 2) ?? '';
}

/**
 * Row click: every field of the item with a copy button, and 'Copy Data Lengkap' with the
 * full record, which the list leaves out (GET /api/data/items/:id brings it).
 */
export function ItemDetailModal({ item, detail, platformName, onClose }: ItemDetailModalProps) {
  const showToast = useToastStore((state) => state.show);

  async function copy(label: string, value: string) {
    const ok = await copyText(value);
    if (ok) showToast('success', `${label} disalin.`);
    else showToast('danger', 'Gagal menyalin ke clipboard.');
  }

  if (!item) return null;
  const fields: { label: string; value: string }[] = [
    { label: 'ID', value: item.id },
    { label: 'Judul', value: item.title },
    { label: 'Platform', value: platformName },
    { label: 'URL', value: item.url },
    { label: 'Author', value: item.author },
    { label: 'Durasi', value: formatDuration(item.duration) },
    { label: 'Plays', value: item.play_count === null ? '' : formatFullCount(item.play_count) },
    { label: 'Likes', value: item.like_count === null ? '' : formatFullCount(item.like_count) },
    { label: 'Thumbnail', value: item.thumbnail },
  ];
  const data = detail?.status === 'ready' ? fullData(detail.item) : null;

  return (
    <Modal
      open
      title="Detail Video"
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Tutup</Button>
          <Button
            variant="primary"
            disabled={data === null}
            onClick={() => {
              if (data !== null) void copy('Data lengkap', data);
            }}
          >
            <Icon name="copy" size={18} />
            Copy Data Lengkap
          </Button>
        </>
      }
    >
      <dl className="detail-list">
        {fields.map((field) => (
          <DetailField
            key={field.label}
            label={field.label}
            value={field.value}
            onCopy={(label, value) => void copy(label, value)}
          />
        ))}
      </dl>
      {detail?.status === 'loading' ? <Spinner label="Memuat data lengkap..." showLabel /> : null}
      {detail?.status === 'error' ? <Alert tone="danger">{detail.message}</Alert> : null}
      {data !== null ? (
        <details className="detail-raw">
          <summary>Data lengkap (JSON)</summary>
          <pre className="detail-raw__json">{data}</pre>
        </details>
      ) : null}
    </Modal>
  );
}
