import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { Alert } from '@scrapper/ui/alert';
import { Modal } from '@scrapper/ui/modal';
import { Tabs } from '@scrapper/ui/tabs';
import type { TabItem } from '@scrapper/ui/tabs';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { SaveCancelButtons } from '@/components/save-cancel-buttons.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import {
  DUPLICATE_PLATFORM_ID,
  actorFormFromConfig,
  emptyActorForm,
  fieldId,
  firstErrorField,
  isActorTabId,
  tabOfField,
  toActorConfig,
  validateActorForm,
} from '../utils/actor-form.ts';
import type { ActorFormErrors, ActorFormValues, ActorTabId } from '../utils/actor-form.ts';
import { ActorBasicTab } from './actor-basic-tab.tsx';
import { ActorDownloadsTab } from './actor-downloads-tab.tsx';
import { ActorMappingTab } from './actor-mapping-tab.tsx';
import { ActorOptionsTab } from './actor-options-tab.tsx';
import { ActorPlatformTab } from './actor-platform-tab.tsx';
import { ActorPreviewTab } from './actor-preview-tab.tsx';

export interface ActorFormModalProps {
  /** The actor being edited; absent when adding one. */
  actor?: ActorConfig;
  existingIds: string[];
  onClose: () => void;
  /** Saves the full list with this actor; rejects with the error to show. */
  onSave: (actor: ActorConfig, mode: 'create' | 'edit') => Promise<void>;
}

const SAVE_FAILED = 'Gagal menyimpan konfigurasi.';

/** 'Edit Aktor' / 'Tambah Aktor Baru': six tabs, opening on Dasar; Batal and Simpan. */
export function ActorFormModal({ actor, existingIds, onClose, onSave }: ActorFormModalProps) {
  const mode = actor ? 'edit' : 'create';
  const formId = useId();
  const [values, setValues] = useState<ActorFormValues>(() =>
    actor ? actorFormFromConfig(actor) : emptyActorForm(),
  );
  const [tab, setTab] = useState<ActorTabId>('basic');
  const [errors, setErrors] = useState<ActorFormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusField, setFocusField] = useState<string | null>(null);

  // After a failed save the tab with the first error is shown, then its field focused.
  useEffect(() => {
    if (!focusField) return;
    document.getElementById(fieldId(focusField))?.focus();
    setFocusField(null);
  }, [focusField, tab]);

  function update<K extends keyof ActorFormValues>(key: K, value: ActorFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateActorForm(values, { mode, existingIds });
    setErrors(found);
    setAlert(found.platformId === DUPLICATE_PLATFORM_ID ? DUPLICATE_PLATFORM_ID : null);
    const first = firstErrorField(found);
    if (first) {
      setTab(tabOfField(first));
      setFocusField(first);
      return;
    }
    let config: ActorConfig;
    try {
      config = toActorConfig(values);
    } catch (error) {
      console.error('Konfigurasi aktor tidak lolos skema.', error);
      setAlert(SAVE_FAILED);
      return;
    }
    setSaving(true);
    try {
      await onSave(config, mode);
    } catch (error) {
      setAlert(errorMessage(error, SAVE_FAILED));
      setSaving(false);
    }
  }

  const tabProps = { values, errors, update };
  const errorTabs = new Set(Object.keys(errors).map(tabOfField));
  const label = (id: ActorTabId, text: string) =>
    errorTabs.has(id) ? (
      <>
        {text} <span className="tab-error-mark">(!)</span>
        <span className="ui-visually-hidden"> berisi kesalahan</span>
      </>
    ) : (
      text
    );
  const items: TabItem[] = [
    {
      id: 'basic',
      label: label('basic', 'Dasar'),
      content: <ActorBasicTab {...tabProps} locked={mode === 'edit'} />,
    },
    {
      id: 'mapping',
      label: label('mapping', 'Mapping Hasil'),
      content: <ActorMappingTab {...tabProps} />,
    },
    {
      id: 'platform',
      label: label('platform', 'Platform Specific'),
      content: <ActorPlatformTab {...tabProps} />,
    },
    {
      id: 'preview',
      label: label('preview', 'Preview Specific'),
      content: <ActorPreviewTab {...tabProps} />,
    },
    {
      id: 'options',
      label: label('options', 'Opsi Tambahan'),
      content: <ActorOptionsTab {...tabProps} />,
    },
    {
      id: 'downloads',
      label: label('downloads', 'Opsi Unduhan'),
      content: <ActorDownloadsTab {...tabProps} />,
    },
  ];

  return (
    <Modal
      open
      size="xl"
      title={mode === 'edit' ? 'Edit Aktor' : 'Tambah Aktor Baru'}
      onClose={onClose}
      dismissible={!saving}
      footer={<SaveCancelButtons formId={formId} saving={saving} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="actor-form">
        {alert ? <Alert tone="danger">{alert}</Alert> : null}
        <Tabs
          label="Bagian konfigurasi aktor"
          items={items}
          selectedId={tab}
          onSelect={(id) => {
            if (isActorTabId(id)) setTab(id);
          }}
        />
      </form>
    </Modal>
  );
}
