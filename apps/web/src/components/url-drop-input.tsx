import { Button } from '@scrapper/ui/button';
import { Textarea } from '@scrapper/ui/textarea';
import { useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, DragEvent, KeyboardEvent } from 'react';
import { extractUrls, isTextFile } from '@/lib/extract-urls.ts';

export interface UrlDropInputProps {
  label: string;
  /** Called with the extracted http(s) links (at least one) when the user submits. */
  onSubmitUrls: (urls: string[]) => void;
  /** Replaces the default instructions under the field. */
  hint?: string;
  disabled?: boolean;
  submitLabel?: string;
}

const DEFAULT_HINT =
  'Tempel teks berisi tautan atau seret file .txt ke kotak ini; hanya tautan http/https yang diambil. Enter menambahkan URL, Shift+Enter membuat baris baru.';
const NO_URLS = 'Tidak ada URL http/https yang ditemukan.';
const ONLY_TEXT_FILES = 'Hanya file .txt atau teks biasa yang didukung.';

/** FileReader rather than Blob.text(): the same path in every browser and in jsdom. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

function appendLines(current: string, lines: string[]): string {
  const head = current.replace(/\s+$/, '');
  return head ? `${head}\n${lines.join('\n')}` : lines.join('\n');
}

/**
 * The drag-and-drop URL widget (spec part 2, downloader; also on the scraper dashboard): a
 * 4-row textarea that keeps only the http(s) links of pasted text, reads dropped or chosen
 * .txt / text/plain files, and hands the links over on Enter (Shift+Enter is a new line) or
 * with its button. A file button gives keyboard users what dragging gives mouse users.
 */
export function UrlDropInput({
  label,
  onSubmitUrls,
  hint = DEFAULT_HINT,
  disabled = false,
  submitLabel = 'Tambah URL',
}: UrlDropInputProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  function addFound(urls: string[], source: string) {
    if (urls.length === 0) {
      setError(NO_URLS);
      return;
    }
    setError(null);
    setValue((current) => appendLines(current, urls));
    setStatus(`${urls.length} URL ditemukan ${source}.`);
  }

  function submit() {
    const urls = extractUrls(value);
    if (urls.length === 0) {
      setError(NO_URLS);
      return;
    }
    setError(null);
    setValue('');
    setStatus(`${urls.length} URL ditambahkan.`);
    onSubmitUrls(urls);
  }

  async function readFiles(files: File[]) {
    const textFiles = files.filter(isTextFile);
    if (textFiles.length === 0) {
      setError(ONLY_TEXT_FILES);
      return;
    }
    try {
      const texts = await Promise.all(textFiles.map(readText));
      addFound(extractUrls(texts.join('\n')), 'di file');
    } catch {
      setError('File tidak dapat dibaca.');
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const urls = extractUrls(event.clipboardData.getData('text'));
    // Text without links is pasted as usual: the user may be typing a URL by hand.
    if (urls.length === 0) return;
    event.preventDefault();
    addFound(urls, 'di teks yang ditempel');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function handleDragLeave(event: DragEvent<HTMLDivElement>) {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) {
      return;
    }
    setDragging(false);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) {
      void readFiles(files);
      return;
    }
    addFound(extractUrls(event.dataTransfer.getData('text')), 'di teks yang diseret');
  }

  function handleFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) void readFiles(files);
  }

  return (
    <div
      className={dragging ? 'url-drop url-drop--active' : 'url-drop'}
      onDragOver={handleDragOver}
      onDragEnter={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
    >
      <Textarea
        label={label}
        rows={4}
        value={value}
        hint={hint}
        error={error ?? undefined}
        disabled={disabled}
        spellCheck={false}
        autoCapitalize="none"
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
        onPaste={handlePaste}
        onKeyDown={handleKeyDown}
      />
      <div className="url-drop__actions">
        <Button size="sm" onClick={submit} disabled={disabled}>
          {submitLabel}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => fileRef.current?.click()}
          disabled={disabled}
        >
          Pilih file .txt
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".txt,text/plain"
          multiple
          hidden
          aria-label="File .txt berisi URL"
          onChange={handleFileChosen}
        />
      </div>
      <p className="ui-visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
