import type { PublishAccount } from '@scrapper/contracts/http/publish';
import { Button } from '@scrapper/ui/button';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { Switch } from '@scrapper/ui/switch';
import { RadioGroup } from '@/components/radio-group.tsx';
import type { CreatorInfoState } from '../hooks/use-creator-info.ts';
import type { TikTokChoice } from '../utils/composer-form.ts';
import { PUBLISH_TEXT, TIKTOK_PRIVACY_LABELS } from '../utils/publish-text.ts';

export interface TikTokOptionsProps {
  account: PublishAccount;
  choice: TikTokChoice;
  onChange: (choice: TikTokChoice) => void;
  creator: CreatorInfoState | undefined;
  onRetryCreator: () => void;
  privacyError?: string;
  commercialError?: string;
}

const MODE_OPTIONS = [
  { value: 'inbox', label: 'Draf ke kotak masuk TikTok (diselesaikan di aplikasi TikTok)' },
  { value: 'direct', label: 'Posting langsung' },
] as const;

/**
 * A TikTok destination by TikTok's posting guidelines: the creator's nickname and maximum
 * duration from creator info, inbox draft by default, a privacy level from the creator's own
 * options with no default, comments/Duet/Stitch off unless turned on (and locked off where the
 * account disables them), the commercial-content disclosure and the consent line.
 */
export function TikTokOptions({
  account,
  choice,
  onChange,
  creator,
  onRetryCreator,
  privacyError,
  commercialError,
}: TikTokOptionsProps) {
  const info = creator?.status === 'ready' ? creator.info : null;
  const set = <K extends keyof TikTokChoice>(key: K, value: TikTokChoice[K]) =>
    onChange({ ...choice, [key]: value });
  const id = account.id;
  const branded = choice.commercial && choice.brandContent;

  return (
    <div className="publish-options">
      {creator?.status === 'loading' || !creator ? (
        <Spinner label="Memuat info kreator TikTok..." showLabel />
      ) : null}
      {creator?.status === 'error' ? (
        <p className="publish-options__error" role="alert">
          {PUBLISH_TEXT.creatorInfoFailed} {creator.message}{' '}
          <Button size="sm" variant="ghost" onClick={onRetryCreator}>
            Coba lagi
          </Button>
        </p>
      ) : null}
      {info ? (
        <p className="publish-options__creator">
          Kreator: <strong>{info.nickname}</strong>
          {info.username ? ` (@${info.username.replace(/^@/, '')})` : ''} · Durasi video maksimal{' '}
          {info.maxVideoPostDurationSec} detik
        </p>
      ) : null}
      <RadioGroup
        legend="Cara kirim ke TikTok"
        name={`tiktok-mode-${id}`}
        options={MODE_OPTIONS}
        value={choice.mode}
        onChange={(value) => set('mode', value)}
      />
      <Select
        label="Siapa yang bisa menonton video ini"
        placeholder="Pilih tingkat privasi"
        required={choice.mode === 'direct'}
        disabled={!info}
        options={(info?.privacyLevelOptions ?? []).map((level) => ({
          value: level,
          label: TIKTOK_PRIVACY_LABELS[level],
          disabled: branded && level === 'SELF_ONLY',
        }))}
        value={choice.privacyLevel}
        hint={
          choice.mode === 'direct'
            ? 'Wajib untuk posting langsung; tidak ada pilihan bawaan.'
            : 'Opsional untuk draf: bisa juga diatur di aplikasi TikTok.'
        }
        error={privacyError}
        onChange={(event) =>
          set('privacyLevel', event.target.value as TikTokChoice['privacyLevel'])
        }
      />
      <div className="publish-options__switches" role="group" aria-label="Interaksi penonton">
        <Switch
          label={
            info?.commentDisabled ? 'Izinkan komentar (dimatikan di akun)' : 'Izinkan komentar'
          }
          checked={choice.allowComment && !info?.commentDisabled}
          disabled={!info || info.commentDisabled}
          onCheckedChange={(value) => set('allowComment', value)}
        />
        <Switch
          label={info?.duetDisabled ? 'Izinkan Duet (dimatikan di akun)' : 'Izinkan Duet'}
          checked={choice.allowDuet && !info?.duetDisabled}
          disabled={!info || info.duetDisabled}
          onCheckedChange={(value) => set('allowDuet', value)}
        />
        <Switch
          label={info?.stitchDisabled ? 'Izinkan Stitch (dimatikan di akun)' : 'Izinkan Stitch'}
          checked={choice.allowStitch && !info?.stitchDisabled}
          disabled={!info || info.stitchDisabled}
          onCheckedChange={(value) => set('allowStitch', value)}
        />
      </div>
      <div className="publish-options__commercial">
        <Switch
          label="Ungkapkan konten komersial"
          checked={choice.commercial}
          onCheckedChange={(value) => set('commercial', value)}
        />
        <p className="muted form-note">
          Nyalakan bila video ini mempromosikan diri Anda, brand, produk atau layanan.
        </p>
        {choice.commercial ? (
          <div role="group" aria-label="Jenis konten komersial" className="publish-options__kinds">
            <Checkbox
              label='Brand Anda sendiri (label "Konten promosi")'
              checked={choice.brandOrganic}
              onChange={(event) => set('brandOrganic', event.target.checked)}
            />
            <Checkbox
              label='Konten bermerek untuk pihak lain (label "Kemitraan berbayar")'
              checked={choice.brandContent}
              onChange={(event) => set('brandContent', event.target.checked)}
            />
            {commercialError ? (
              <p className="publish-options__error" role="alert" tabIndex={-1}>
                {commercialError}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="muted form-note">
        {branded ? PUBLISH_TEXT.brandedConsent : PUBLISH_TEXT.musicConsent}
      </p>
    </div>
  );
}
