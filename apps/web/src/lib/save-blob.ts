/**
 * Hands a fetched file to the browser's download manager. The API needs the bearer token,
 * which a plain link or a new tab cannot send, so files are fetched first and saved from a
 * blob URL through a temporary <a download>.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; a moment later the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
