import { describe, expect, it } from 'vitest';
import { attachedFileIds, describeFiles, nextFileId, parseFiles, taskWithFiles, toBase64 } from './file-attachment';

const file = { id: 'file_1', name: 'cv.txt', type: 'text/plain', size: 2048, base64: 'aGk=' };

describe('attached files', () => {
  it('names files by id, name, type and size, never their bytes', () => {
    expect(describeFiles([file])).toBe('file_1 "cv.txt" (text/plain, 2 KB)');
    const text = taskWithFiles('Upload my CV.', [file]);
    expect(text).toContain('upload_file {attachment_id}');
    expect(text).not.toContain('aGk=');
    expect(taskWithFiles('Hi.', [])).toBe('Hi.');
  });

  it('drops malformed lists and gives the next free id', () => {
    expect(parseFiles([file, { ...file, id: 'x' }])).toEqual([]);
    expect(parseFiles('nope')).toEqual([]);
    expect(nextFileId([file, { ...file, id: 'file_3' }])).toBe('file_2');
  });

  it('finds the attachment ids an upload_file call sends', () => {
    expect(attachedFileIds('upload_file', { files: [{ attachment_id: 'file_2' }, { name: 'a', text: '' }] })).toEqual([
      'file_2',
    ]);
    expect(attachedFileIds('type_ax', { files: [{ attachment_id: 'file_2' }] })).toEqual([]);
    expect(attachedFileIds('upload_file', null)).toEqual([]);
  });

  it('encodes bytes as base64 in chunks', () => {
    expect(toBase64(new TextEncoder().encode('hi'))).toBe('aGk=');
    expect(atob(toBase64(new Uint8Array(70_000).fill(65))).length).toBe(70_000);
  });
});
