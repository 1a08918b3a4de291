import type { VideoListItem } from '@scrapper/contracts/http/media';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Modal } from '@scrapper/ui/modal';
import { Spinner } from '@scrapper/ui/spinner';
import type { PreviewState } from '../hooks/use-preview-video.ts';
import { itemDisplayTitle } from '@scrapper/contracts/rules/readable-file-name';

export interface PreviewModalProps {
  item: VideoListItem | null;
  state: PreviewState;
  onClose: () => void;
}

/** 'Preview': the item's short clip, played in a dialog once the server has made it. */
export function PreviewModal({ item, state, onClose }: PreviewModalProps) {
  if (!item) return null;
  const title = itemDisplayTitle(item);
  return (
    <Modal
      open
      title={`Preview: ${title}`}
      size="lg"
      onClose={onClose}
      footer={<Button onClick={onClose}>Tutup</Button>}
    >
      {state.status === 'loading' || state.status === 'idle' ? (
        <div className="preview-box preview-box--waiting">
          <Spinner label="Menyiapkan pratinjau... (bisa beberapa detik)" showLabel />
        </div>
      ) : null}
      {state.status === 'error' ? <Alert tone="danger">{state.message}</Alert> : null}
      {state.status === 'ready' ? (
        <div className="preview-box">
          <video
            className="preview-box__video"
            src={state.url}
            controls
            autoPlay
            playsInline
            aria-label={`Pratinjau ${title}`}
          />
        </div>
      ) : null}
    </Modal>
  );
}
