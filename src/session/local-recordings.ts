/**
 * Recordings opened from disk (file picker, drag and drop), held in memory for this tab so
 * they open through the same `?replay=` route as a URL: `?replay=file:<n>/<name>`. After a
 * reload the file is gone (the browser cannot re-read it), and the page says so.
 */
const files = new Map<string, Blob>();
let next = 0;

export const LOCAL_PREFIX = 'file:';

export function addLocalRecording(file: File): string {
  next += 1;
  const id = `${LOCAL_PREFIX}${next}/${file.name}`;
  files.set(id, file);
  return id;
}

export function localRecording(id: string): Blob | undefined {
  return files.get(id);
}

export function isLocalRecording(id: string): boolean {
  return id.startsWith(LOCAL_PREFIX);
}

/** What a person calls the source: a picked file by its name, a URL as it is. */
export function recordingLabel(id: string): string {
  return isLocalRecording(id) ? id.slice(id.indexOf('/') + 1) : id;
}
