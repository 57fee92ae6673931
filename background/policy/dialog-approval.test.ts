import { describe, expect, it } from 'vitest';
import { dialogNeedsApproval } from './dialog-approval';

describe('dialogNeedsApproval', () => {
  it('asks before accepting a confirm or prompt whose text is hard to undo', () => {
    expect(dialogNeedsApproval({ type: 'confirm', message: 'Delete draft?' }, true)).toMatch(/Delet/);
    expect(dialogNeedsApproval({ type: 'confirm', message: 'Leave without saving?' }, true)).toMatch(/Leave/);
    expect(dialogNeedsApproval({ type: 'confirm', message: 'Discard changes?' }, true)).toMatch(/Discard/);
    expect(dialogNeedsApproval({ type: 'confirm', message: 'Entwurf löschen?' }, true)).toMatch(/lösch/i);
    expect(
      dialogNeedsApproval({ type: 'prompt', message: 'Type the name to delete the repo', defaultValue: '' }, true),
    ).not.toBeNull();
  });
  it('always asks before accepting beforeunload', () => {
    expect(dialogNeedsApproval({ type: 'beforeunload', message: '' }, true)).toMatch(/leaving/);
  });
  it('never asks for dismissing, alerts, or harmless confirms', () => {
    expect(dialogNeedsApproval({ type: 'confirm', message: 'Delete draft?' }, false)).toBeNull();
    expect(dialogNeedsApproval({ type: 'beforeunload', message: '' }, false)).toBeNull();
    expect(dialogNeedsApproval({ type: 'alert', message: 'Deleted.' }, true)).toBeNull();
    expect(dialogNeedsApproval({ type: 'confirm', message: 'Show more results?' }, true)).toBeNull();
    expect(dialogNeedsApproval({ type: 'prompt', message: 'Your name?', defaultValue: 'Ada' }, true)).toBeNull();
  });
});
