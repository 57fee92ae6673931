/**
 * The files the user attached in the panel (shared/file-attachment.ts): a task takes the tab's list
 * when it starts and keeps it under its own key, so upload_file can hand one to a page by id. The
 * bytes never enter the conversation.
 */
import { filesKey, parseFiles, taskFilesKey, type FileAttachment } from '../../../shared/file-attachment';

/** Takes (and clears) the tab's attached files for the task that starts now. */
export async function takeFiles(tabId: number, taskId: string): Promise<FileAttachment[]> {
  const key = filesKey(tabId);
  const files = parseFiles((await chrome.storage.session.get(key))[key]);
  if (files.length === 0) return [];
  await chrome.storage.session.remove(key);
  await chrome.storage.session.set({ [taskFilesKey(taskId)]: files });
  return files;
}

/** One of the task's attached files by id, or null. */
export async function taskFile(taskId: string, id: string): Promise<FileAttachment | null> {
  const key = taskFilesKey(taskId);
  return parseFiles((await chrome.storage.session.get(key))[key]).find((f) => f.id === id) ?? null;
}

/** The attached files of a task (the gate names them in its question). */
export async function taskFiles(taskId: string): Promise<FileAttachment[]> {
  const key = taskFilesKey(taskId);
  return parseFiles((await chrome.storage.session.get(key))[key]);
}

/** A finished task's files go with it (session storage is small, and the next task gets its own). */
export async function forgetTaskFiles(taskId: string): Promise<void> {
  await chrome.storage.session.remove(taskFilesKey(taskId));
}
