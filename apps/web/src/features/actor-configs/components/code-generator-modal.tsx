import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Modal } from '@scrapper/ui/modal';

export interface CodeGeneratorModalProps {
  actor: ActorConfig;
  onClose: () => void;
}

/**
 * 'Generator Kode Otomatis - {actor}'. The generator itself comes with a later issue; until
 * then the modal says so plainly instead of showing made-up code.
 */
export function CodeGeneratorModal({ actor, onClose }: CodeGeneratorModalProps) {
  return (
    <Modal
      open
      title={`Generator Kode Otomatis - ${actor.displayName}`}
      onClose={onClose}
      footer={<Button onClick={onClose}>Tutup</Button>}
    >
      <Alert tone="info">Generator kode belum tersedia.</Alert>
      <p className="muted">
        Aktor <strong>{actor.platformId}</strong> ({actor.actorId}) sudah dapat dipakai untuk
        scraping tanpa kode tambahan.
      </p>
    </Modal>
  );
}
