import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { ResultFileSummary, VideoListItem } from '@scrapper/contracts/http/media';
import type { FileItem } from '@scrapper/contracts/http/files';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { TextInput } from '@scrapper/ui/text-input';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useFileItems } from '../hooks/use-file-items.ts';
import { PICKER_FILES, PICKER_ITEMS } from '../api.ts';
import { getItemDetail } from '@/lib/api/get-item-detail.ts';
import { isAbortError } from '@/lib/api-error.ts';
import { useJsonFiles } from '../hooks/use-json-files.ts';
import { TEXT } from '../utils/messages.ts';
import { isPlaceholderTitle, itemDisplayTitle } from '@scrapper/contracts/rules/readable-file-name';

export interface SourcePickerProps {
  /** The logged-in user's name: files of other users (admins see them) name their owner. */
  username: string;
  videoFile: File | null;
  onVideoFileChange: (file: File | null) => void;
  /** A scraped item became the source (or none is any more). */
  onItemChange: (item: VideoItem | null) => void;
  videoError?: string;
  videoRef: (element: HTMLInputElement | null) => void;
  /** A File Manager file chosen as the source ('Upload ke YouTube' in Files or Riwayat). */
  serverFile?: FileItem | null;
  /** Why the file asked for could not be used (gone, not the member's). */
  serverFileNote?: string | null;
  onServerFileClear?: () => void;
}

function fileLabel(file: ResultFileSummary, showOwner: boolean): string {
  const parts = [
    file.target || file.fileName,
    formatDateTime(file.createdAt),
    `${file.itemCount} item`,
  ];
  if (showOwner) parts.push(file.username);
  return parts.join(' · ');
}

export function itemLabel(item: Pick<VideoItem, 'id' | 'platform' | 'title' | 'author'>): string {
  // An item without a caption reads as everywhere else ("Video TikTok dari {author}"), which
  // already names its author.
  if (isPlaceholderTitle(item.title, item.id)) return itemDisplayTitle(item);
  const title = item.title.trim();
  const short = title.length > 80 ? `${title.slice(0, 79)}…` : title;
  return item.author ? `${short} — ${item.author}` : short;
}

/**
 * Where the video comes from (spec part 2, section 2): a file from the computer, or an item of
 * a JSON result file. Picking a result file loads its items, selects the first and drops a
 * chosen video file; choosing a video file drops the item.
 */
export function SourcePicker({
  username,
  videoFile,
  onVideoFileChange,
  onItemChange,
  videoError,
  videoRef,
  serverFile = null,
  serverFileNote = null,
  onServerFileClear,
}: SourcePickerProps) {
  const files = useJsonFiles();
  const [fileName, setFileName] = useState<string | null>(null);
  const [itemId, setItemId] = useState<string | null>(null);
  // A file input cannot be emptied by value; a new key gives a fresh, empty one.
  const [videoInputKey, setVideoInputKey] = useState(0);
  const autoSelectedFor = useRef<string | null>(null);

  const chosenFile = files.data.files.find((file) => file.fileName === fileName);
  const owner = chosenFile && chosenFile.username !== username ? chosenFile.username : undefined;
  const items = useFileItems(fileName, owner);

  const itemChangeRef = useRef(onItemChange);
  useEffect(() => {
    itemChangeRef.current = onItemChange;
  });

  // Once per picked file: its first item becomes the source.
  useEffect(() => {
    if (items.status !== 'ready' || items.fileName !== fileName) return;
    if (autoSelectedFor.current === fileName) return;
    autoSelectedFor.current = fileName;
    pickRef.current(items.items[0] ?? null);
  }, [items, fileName]);

  function changeFile(next: string | null) {
    setFileName(next);
    setItemId(null);
    autoSelectedFor.current = null;
    onItemChange(null);
    if (next && videoFile) {
      onVideoFileChange(null);
      setVideoInputKey((key) => key + 1);
    }
  }

  // The list has no raw records: the chosen item's comes with its detail (description and
  // hashtags fill the form). Without it, the form is filled from what the list has.
  const picking = useRef<AbortController | null>(null);
  function pick(item: VideoListItem | null) {
    picking.current?.abort();
    setItemId(item?.id ?? null);
    if (!item || !fileName) {
      itemChangeRef.current(null);
      return;
    }
    const controller = new AbortController();
    picking.current = controller;
    getItemDetail(item.id, fileName, owner, controller.signal)
      .then((detail) => itemChangeRef.current(detail))
      .catch((error: unknown) => {
        if (!isAbortError(error)) itemChangeRef.current({ ...item, raw: null });
      });
  }
  const pickRef = useRef(pick);
  useEffect(() => {
    pickRef.current = pick;
  });
  useEffect(() => () => picking.current?.abort(), []);

  function changeItem(id: string) {
    if (items.status !== 'ready' || items.fileName !== fileName) return;
    pick(items.items.find((candidate) => candidate.id === id) ?? null);
  }

  function changeVideo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    onVideoFileChange(file);
    if (file && itemId) {
      setItemId(null);
      onItemChange(null);
    }
  }

  const readyItems = items.status === 'ready' && items.fileName === fileName ? items.items : [];

  return (
    <fieldset className="form-fieldset yt-source">
      <legend>Sumber video</legend>
      {serverFile ? (
        <div className="yt-source__server" role="group" aria-label="File di server">
          <p>
            File di server: <strong>{serverFile.title || serverFile.fileName}</strong>{' '}
            <span className="muted">
              ({serverFile.fileName} · {serverFile.formattedSize})
            </span>
          </p>
          {onServerFileClear ? (
            <Button size="sm" variant="ghost" onClick={onServerFileClear}>
              Jangan pakai file ini
            </Button>
          ) : null}
        </div>
      ) : null}
      {serverFileNote ? <Alert tone="warning">{serverFileNote}</Alert> : null}
      <TextInput
        key={videoInputKey}
        ref={videoRef}
        type="file"
        accept="video/*"
        label="File video"
        hint={
          serverFile
            ? 'Memilih video dari komputer atau item hasil scraping menggantikan file di server.'
            : 'Pilih video dari komputer, atau ambil video dari file hasil scraping di bawah.'
        }
        error={videoError}
        onChange={changeVideo}
      />
      {videoFile ? (
        <p className="muted yt-source__chosen">
          Video dipilih: <strong>{videoFile.name}</strong>
        </p>
      ) : null}

      <div className="yt-source__json">
        <Select
          label="File hasil scraping (JSON)"
          placeholder={files.status === 'loading' ? 'Memuat file...' : 'Tidak memakai file JSON'}
          options={files.data.files.map((file) => ({
            value: file.fileName,
            label: fileLabel(file, file.username !== username),
          }))}
          value={fileName ?? ''}
          onChange={(event) => changeFile(event.target.value || null)}
        />
        <Select
          label="Item video"
          placeholder={
            items.status === 'loading'
              ? 'Memuat item...'
              : readyItems.length === 0
                ? 'Tidak ada item'
                : 'Pilih item'
          }
          options={readyItems.map((item) => ({ value: item.id, label: itemLabel(item) }))}
          value={itemId ?? ''}
          disabled={!fileName || readyItems.length === 0}
          hint="Memilih item mengisi judul, deskripsi dan tag."
          onChange={(event) => changeItem(event.target.value)}
        />
      </div>
      {items.status === 'loading' ? <Spinner label="Memuat item video..." /> : null}
      {files.status === 'error' ? <Alert tone="danger">{TEXT.filesFailed}</Alert> : null}
      {items.status === 'error' ? <Alert tone="danger">{TEXT.itemsFailed}</Alert> : null}
      {files.status !== 'loading' && files.data.total > PICKER_FILES ? (
        <p className="muted">
          Menampilkan {PICKER_FILES} file hasil terbaru dari {files.data.total}. File lama dapat dibuka lewat Downloader.
        </p>
      ) : null}
      {items.status === 'ready' && items.fileName === fileName && items.total > PICKER_ITEMS ? (
        <p className="muted">
          Menampilkan {PICKER_ITEMS} item pertama dari {items.total}. Item lainnya dapat diunggah lewat Downloader.
        </p>
      ) : null}
      {items.status === 'ready' && items.fileName === fileName && readyItems.length === 0 ? (
        <p className="muted">Tidak ada item untuk ditampilkan. Pilih file lain.</p>
      ) : null}
    </fieldset>
  );
}
