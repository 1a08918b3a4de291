import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { CODE_KEYS } from '@scrapper/contracts/http/codegen';
import type { CodeKey, GeneratedCode } from '@scrapper/contracts/http/codegen';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Modal } from '@scrapper/ui/modal';
import { Tabs } from '@scrapper/ui/tabs';
import { useEffect, useId, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { generateCode } from '../api.ts';
import {
  COPY_FAILURE,
  COPY_SUCCESS,
  codeFileName,
  generateErrorMessage,
  prettyConfig,
} from '../utils/code-files.ts';
import { saveTextFile } from '../utils/save-text-file.ts';

export interface CodeGeneratorModalProps {
  actor: ActorConfig;
  onClose: () => void;
}

/**
 * 'Generator Kode Otomatis - {actor}' (spec part 1, section 2): shows the configuration,
 * asks the server for the six code files on 'Hasilkan Kode', shows them in tabs, and
 * downloads (`{platformId}_{codeKey}.js`) or copies the file of the selected tab.
 */
export function CodeGeneratorModal({ actor, onClose }: CodeGeneratorModalProps) {
  const showToast = useToastStore((state) => state.show);
  const [code, setCode] = useState<GeneratedCode | null>(null);
  const [selected, setSelected] = useState<CodeKey>(CODE_KEYS[0]);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const configHeadingId = useId();
  const codeHeadingId = useId();

  // A generation still running when the modal closes is dropped.
  useEffect(() => () => controllerRef.current?.abort(), []);

  async function generate() {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setGenerating(true);
    setError(null);
    try {
      setCode(await generateCode(actor, controller.signal));
    } catch (caught) {
      if (controller.signal.aborted || isAbortError(caught)) return;
      setError(generateErrorMessage(caught));
    } finally {
      if (controllerRef.current === controller) setGenerating(false);
    }
  }

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code[selected]);
      showToast('success', COPY_SUCCESS);
    } catch {
      showToast('danger', COPY_FAILURE);
    }
  }

  function download() {
    if (!code) return;
    saveTextFile(code[selected], codeFileName(actor.platformId, selected));
  }

  return (
    <Modal
      open
      size="xl"
      title={`Generator Kode Otomatis - ${actor.displayName}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={download} disabled={!code}>
            Download
          </Button>
          <Button onClick={() => void copy()} disabled={!code}>
            Copy
          </Button>
          <Button variant="primary" onClick={onClose}>
            Tutup
          </Button>
        </>
      }
    >
      <div className="codegen">
        <div className="codegen__intro">
          <p className="muted">
            Enam file JavaScript mandiri dibuat dari konfigurasi aktor{' '}
            <strong>{actor.platformId}</strong>. Download dan Copy memakai file pada tab yang
            dipilih.
          </p>
          <Button variant="primary" loading={generating} onClick={() => void generate()}>
            Hasilkan Kode
          </Button>
        </div>
        {error ? <Alert tone="danger">{error}</Alert> : null}

        <section aria-labelledby={configHeadingId}>
          <h3 id={configHeadingId} className="codegen__heading">
            Konfigurasi Aktor
          </h3>
          <pre
            className="codegen__code codegen__code--config"
            tabIndex={0}
            aria-labelledby={configHeadingId}
          >
            {prettyConfig(actor)}
          </pre>
        </section>

        <section aria-labelledby={codeHeadingId}>
          <h3 id={codeHeadingId} className="codegen__heading">
            Kode yang Dihasilkan
          </h3>
          <p role="status" className={code ? 'ui-visually-hidden' : 'muted'}>
            {code
              ? `${CODE_KEYS.length} file kode berhasil dihasilkan.`
              : 'Belum ada kode. Tekan Hasilkan Kode untuk membuatnya.'}
          </p>
          {code ? (
            <Tabs
              label="File kode"
              selectedId={selected}
              onSelect={(id) => {
                const key = CODE_KEYS.find((k) => k === id);
                if (key) setSelected(key);
              }}
              items={CODE_KEYS.map((key) => ({
                id: key,
                label: key,
                content: (
                  <>
                    <p className="codegen__file">{codeFileName(actor.platformId, key)}</p>
                    <pre
                      className="codegen__code"
                      tabIndex={0}
                      aria-label={`Kode ${codeFileName(actor.platformId, key)}`}
                    >
                      <code>{code[key]}</code>
                    </pre>
                  </>
                ),
              }))}
            />
          ) : null}
        </section>
      </div>
    </Modal>
  );
}
