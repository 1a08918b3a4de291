/**
 * Offers `text` as a download named `fileName` (the browser's own save, no server round trip).
 * The object URL is revoked after the click has been handled.
 */
export function saveTextFile(text: string, fileName: string, type = 'text/javascript'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
