// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { computeHintLabel } from './name-fallback';

function hint(html: string): string {
  document.body.innerHTML = html;
  const el = document.getElementById('t');
  if (!el) throw new Error('no #t');
  return computeHintLabel(el);
}

describe('computeHintLabel (agent-only label for unnamed icon clickables)', () => {
  it('reads the action words of a class name', () => {
    expect(hint('<span id="t" class="flatpickr-prev-month"><svg><path d="M0 0"/></svg></span>')).toBe('prev month');
    expect(hint('<button id="t" class="react-datepicker__navigation--next"></button>')).toBe('next');
    expect(hint('<div id="t" class="btnClose"></div>')).toBe('close');
  });

  it('prefers an svg <title>, reads data attributes and <use href>', () => {
    expect(hint('<span id="t" class="x-next"><svg><title>Later</title></svg></span>')).toBe('Later');
    expect(hint('<span id="t" data-action="expand-row"></span>')).toBe('expand row');
    expect(hint('<span id="t"><svg><use href="#icon-chevron-left"></use></svg></span>')).toBe('chevron left');
  });

  it('ignores the children of a container that has text of its own, and meaningless classes', () => {
    expect(hint('<div id="t">March <span class="prev-month"></span></div>')).toBe('');
    expect(hint('<span id="t" class="wrapper box-3"></span>')).toBe('');
  });
});
