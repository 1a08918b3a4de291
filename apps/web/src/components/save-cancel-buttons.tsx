import { Button } from '@scrapper/ui/button';

export interface SaveCancelButtonsProps {
  /** The form 'Simpan' submits (the buttons sit in the modal's footer, outside the form). */
  formId: string;
  saving: boolean;
  onCancel: () => void;
}

/** A form modal's footer: 'Batal' (off while saving) and 'Simpan' (busy while saving). */
export function SaveCancelButtons({ formId, saving, onCancel }: SaveCancelButtonsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={saving}>
        Batal
      </Button>
      <Button type="submit" form={formId} variant="primary" loading={saving}>
        Simpan
      </Button>
    </>
  );
}
