import { useRef, useState } from 'preact/hooks';
import {
  describeFiles,
  filesKey,
  nextFileId,
  parseFiles,
  toBase64,
  type FileAttachment,
} from '../../shared/file-attachment';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from '../../shared/tools/upload';
import { useSessionKey } from '../lib/use-session-key';
import { tabId } from '../store';

/**
 * Files the user gives the tab's next task (shared/file-attachment.ts): picked here, kept in session
 * storage until the task takes them, each shown with a remove button. The agent can only hand them
 * to a page with upload_file, and each such upload asks the user first.
 */
export function FileAttach() {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<FileAttachment[]>([]);
  const [note, setNote] = useState('');
  const id = tabId.value;
  useSessionKey(id === null ? null : filesKey(id), (raw) => setFiles(parseFiles(raw)));
  if (id === null) return null;
  const key = filesKey(id);

  const add = async (picked: FileList | null) => {
    const next = [...files];
    const skipped: string[] = [];
    for (const f of picked ? [...picked] : []) {
      if (next.length >= MAX_UPLOAD_FILES || f.size > MAX_UPLOAD_BYTES) {
        skipped.push(f.name);
        continue;
      }
      const base64 = toBase64(new Uint8Array(await f.arrayBuffer()));
      next.push({ id: nextFileId(next), name: f.name, type: f.type, size: f.size, base64 });
    }
    setNote(skipped.length ? `Not attached (over ${MAX_UPLOAD_FILES} files or 1 MiB): ${skipped.join(', ')}` : '');
    try {
      await chrome.storage.session.set({ [key]: next });
    } catch (e) {
      // Session storage holds 10 MB for the whole extension: say so rather than lose the pick silently.
      setNote(`Could not keep the files (${e instanceof Error ? e.message : String(e)}); attach fewer or smaller ones`);
    }
    if (input.current) input.current.value = '';
  };
  const remove = (fileId: string) => void chrome.storage.session.set({ [key]: files.filter((f) => f.id !== fileId) });

  return (
    <div class="file-attach">
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Attach files to the next task"
        data-testid="file-attach-input"
        onChange={(e) => void add(e.currentTarget.files)}
      />
      <button type="button" class="link-button" onClick={() => input.current?.click()}>
        Attach file
      </button>
      {files.map((f) => (
        <p class="attachment-chip" data-testid="attached-file" key={f.id}>
          <span>{describeFiles([f])}</span>
          <button type="button" class="link-button" aria-label={`Remove ${f.name}`} onClick={() => remove(f.id)}>
            ×
          </button>
        </p>
      ))}
      {note && <p class="composer-status">{note}</p>}
    </div>
  );
}
