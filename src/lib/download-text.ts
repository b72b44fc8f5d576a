/**
 * Saves text as a file through a temporary object URL (no server round trip). The one
 * download helper: exports (DownloadButton), whole values and raw frames (JsonBlock).
 */
export function downloadText(text: string, fileName: string, type = 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked a moment later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a label: "frame-12" → "frame-12.json". */
export function toFileName(label: string, extension = 'json'): string {
  return `${label.replace(/[^\w.-]+/g, '-').toLowerCase() || 'value'}.${extension}`;
}
