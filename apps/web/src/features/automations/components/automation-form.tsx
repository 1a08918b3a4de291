import type { Automation } from '@scrapper/contracts/http/automations';
import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';
import { TextInput } from '@scrapper/ui/text-input';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { SaveCancelButtons } from '@/components/save-cancel-buttons.tsx';
import { ScrapeSourceFields } from '@/components/scrape-source-fields.tsx';
import { useScrapeSource } from '@/hooks/use-scrape-source.ts';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { buildStartBody } from '@/lib/start-body.ts';
import { createAutomation, updateAutomation } from '../api.ts';
import {
  checkBody,
  emptyAutomationForm,
  fieldOfMessage,
  firstErrorField,
  formFromAutomation,
  sourceValues,
} from '../utils/automation-form.ts';
import type {
  AutomationErrors,
  AutomationField,
  AutomationFormValues,
  ChangeField,
} from '../utils/automation-form.ts';
import { FilterFields } from './filter-fields.tsx';
import { PublishActionFields } from './publish-action-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';

export interface AutomationFormProps {
  platforms: PlatformConfig[];
  /** The automation being edited; absent when creating one. */
  automation?: Automation;
  onCancel: () => void;
  onSaved: (automation: Automation, mode: 'create' | 'edit') => void;
}

/** The control of a field: by its id (`automation-<field>`), else the first of its name. */
function focusField(field: AutomationField) {
  const element =
    document.getElementById(`automation-${field}`) ??
    document.querySelector<HTMLElement>(`[name="${field}"]`);
  element?.focus();
}

const ONE_TARGET = 'Otomasi memakai satu target. Buat otomasi lain untuk target berikutnya.';

function oneTargetHint(targetLabel: string): string {
  const rule = 'Satu target; setiap run menjadi satu tugas scraping.';
  return targetLabel ? `${targetLabel}. ${rule}` : rule;
}

/**
 * 'Otomasi Baru' / 'Edit Otomasi': name, source (the dashboard's fields and rules), schedule,
 * filters, download quality and the optional YouTube publishing. The body is read with the
 * contract's schema first; what the API still refuses is shown beside its field.
 */
export function AutomationForm({ platforms, automation, onCancel, onSaved }: AutomationFormProps) {
  const mode = automation ? 'edit' : 'create';
  const formId = useId();
  const source = useScrapeSource(
    platforms,
    automation ? sourceValues(automation.source, platforms) : undefined,
  );
  const [values, setValues] = useState<AutomationFormValues>(
    automation ? formFromAutomation(automation) : emptyAutomationForm,
  );
  const [errors, setErrors] = useState<AutomationErrors>({});
  const [saving, setSaving] = useState(false);

  const change: ChangeField = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _removed, form: _form, ...rest }) => rest);
  };

  function show(found: AutomationErrors) {
    setErrors(found);
    const first = firstErrorField(found);
    if (first === 'target' && found.target) source.showTargetError(found.target);
    else if (first) focusField(first);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setErrors({});
    const checked = source.check();
    if (!checked) return;
    const [target, ...more] = checked.targets;
    if (!target || more.length > 0) {
      source.showTargetError(ONE_TARGET);
      return;
    }
    const body = checkBody(values, buildStartBody(checked.platform, target, checked.options));
    if (!body.ok) {
      show(body.errors);
      return;
    }
    setSaving(true);
    try {
      const saved = automation
        ? await updateAutomation(automation.id, body.body)
        : await createAutomation(body.body);
      onSaved(saved, mode);
    } catch (error) {
      const fallback = mode === 'edit' ? 'Gagal menyimpan otomasi.' : 'Gagal membuat otomasi.';
      const message = errorMessage(error, fallback);
      const badInput = error instanceof ApiError && [400, 404].includes(error.status);
      show({ [badInput ? fieldOfMessage(message, values) : 'form']: message });
      setSaving(false);
    }
  }

  return (
    <Card title={mode === 'edit' ? 'Edit Otomasi' : 'Otomasi Baru'} className="automation-form">
      <form id={formId} noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
        <TextInput
          id="automation-name"
          label="Nama otomasi"
          required
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <fieldset className="form-fieldset">
          <legend>Sumber</legend>
          <ScrapeSourceFields source={source} targetHint={oneTargetHint} />
        </fieldset>
        <ScheduleFields values={values} errors={errors} onChange={change} />
        <FilterFields values={values} errors={errors} onChange={change} />
        <PublishActionFields values={values} errors={errors} onChange={change} />
        {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
        <div className="automation-form__actions">
          <SaveCancelButtons formId={formId} saving={saving} onCancel={onCancel} />
        </div>
      </form>
    </Card>
  );
}
