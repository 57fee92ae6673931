// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activationVeto, fallbackVeto } from './click-eligibility';

const shown = { hidden: null, pointerDisabled: null, disabled: false };

function el(html: string): Element {
  document.body.innerHTML = html;
  const found = document.querySelector('[data-t]');
  if (!found) throw new Error('no target');
  return found;
}

describe('activationVeto (a handler refused for lack of user activation)', () => {
  it('lets a native button or link be retried, which fallbackVeto never does', () => {
    const button = el('<button data-t>Open printable view</button>');
    expect(fallbackVeto(button, button, shown)).toMatch(/native control/);
    expect(activationVeto(button, button, shown)).toBeNull();
    const link = el('<a data-t href="#x">Full screen</a>');
    expect(activationVeto(link, link, shown)).toBeNull();
  });

  it('still refuses what a second activation could repeat or that a person cannot reach', () => {
    const del = el('<button data-t>Delete report</button>');
    expect(activationVeto(del, del, shown)).toMatch(/may change data/);
    const submit = el('<form><button data-t>Open</button></form>');
    expect(activationVeto(submit, submit, shown)).toMatch(/submits a form/);
    const dl = el('<a data-t href="/f.csv" download>Open</a>');
    expect(activationVeto(dl, dl, shown)).toMatch(/download/);
    const hidden = el('<button data-t>Open</button>');
    expect(activationVeto(hidden, hidden, { ...shown, hidden: 'it is not rendered' })).toMatch(/hidden/);
  });
});
