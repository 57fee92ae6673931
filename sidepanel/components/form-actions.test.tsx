// @vitest-environment jsdom
/** FormActions: the primary button submits or calls back, Cancel calls back, the error is an alert. */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});

const mount = (vnode: preact.VNode): HTMLElement => {
  root = document.createElement('div');
  document.body.append(root);
  render(vnode, root);
  return root;
};

describe('FormActions', () => {
  it('submits its form by default, calls Cancel back, and shows no alert without an error', () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    const onCancel = vi.fn();
    const el = mount(
      <form onSubmit={onSubmit}>
        <FormActions primary="Save workflow" onCancel={onCancel} error={null} />
      </form>,
    );
    const [primary, cancel] = Array.from(el.querySelectorAll('button'));
    expect(primary?.type).toBe('submit');
    expect(primary?.textContent).toBe('Save workflow');
    expect(cancel?.textContent).toBe('Cancel');
    primary?.click();
    cancel?.click();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(el.querySelector('[role="alert"]')).toBeNull();
  });

  it('calls onPrimary from a plain button, honours disabled, and shows the error with its id', () => {
    const onPrimary = vi.fn();
    const el = mount(
      <FormActions
        primary="Approve workflow"
        onPrimary={onPrimary}
        onCancel={() => {}}
        error="nope"
        errorId="x-error"
      />,
    );
    const primary = el.querySelector('button');
    expect(primary?.type).toBe('button');
    primary?.click();
    expect(onPrimary).toHaveBeenCalledTimes(1);
    const alert = el.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('nope');
    expect(alert?.id).toBe('x-error');
    render(<FormActions primary="Run" disabled onCancel={() => {}} error={null} />, root);
    expect(root.querySelector('button')?.disabled).toBe(true);
  });
});
