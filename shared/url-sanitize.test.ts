import { describe, expect, it } from 'vitest';
import { isIdSegment, sanitizeUrl, sanitizeUrlsInText } from './url-sanitize';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

// [input, expected]: one row per rule and per edge it must not over-reach.
const CASES: readonly (readonly [string, string])[] = [
  // Userinfo, query and fragment
  ['https://example.com/', 'https://example.com/'],
  ['https://example.com', 'https://example.com/'],
  ['https://user:pass@example.com/a', 'https://example.com/a'],
  ['https://user@example.com/a', 'https://example.com/a'],
  ['https://:pw@example.com/', 'https://example.com/'],
  ['https://example.com/a?token=abc', 'https://example.com/a?…'],
  ['https://example.com/a?', 'https://example.com/a'],
  ['https://example.com/a#section', 'https://example.com/a#…'],
  ['https://example.com/a#', 'https://example.com/a'],
  ['https://example.com/a?x=1#y', 'https://example.com/a?…#…'],
  ['https://u:p@example.com:8443/a/b?q#f', 'https://example.com:8443/a/b?…#…'],
  ['HTTP://EXAMPLE.COM/Path', 'http://example.com/Path'],
  // Id- and token-shaped path segments
  [`https://api.example/orders/${UUID}`, 'https://api.example/orders/:id'],
  [`https://api.example/orders/${UUID.toUpperCase()}/items`, 'https://api.example/orders/:id/items'],
  [`https://api.example/o/order-${UUID}`, 'https://api.example/o/:id'],
  ['https://git.example/commit/0123456789abcdef0123', 'https://git.example/commit/:id'],
  ['https://git.example/commit/0123abc', 'https://git.example/commit/0123abc'],
  ['https://css.example/colour/ff00aa', 'https://css.example/colour/ff00aa'],
  [`https://api.example/session/${JWT}`, 'https://api.example/session/:id'],
  ['https://api.example/u/jane.doe@mail.example/profile', 'https://api.example/u/:id/profile'],
  ['https://api.example/u/jane.doe%40mail.example', 'https://api.example/u/:id'],
  ['https://api.example/users/1234567', 'https://api.example/users/:id'],
  ['https://api.example/users/12345', 'https://api.example/users/12345'],
  ['https://news.example/2024/05/title', 'https://news.example/2024/05/title'],
  ['https://api.example/reset/Xk9fQ2mLp7RtZ4vB8nWc', 'https://api.example/reset/:id'],
  ['https://api.example/reset/a8f3k29dk3l0qpz8x7c6v5b4n3m2l1k0', 'https://api.example/reset/:id'],
  [
    'https://blog.example/how-to-bake-sourdough-bread-at-home',
    'https://blog.example/how-to-bake-sourdough-bread-at-home',
  ],
  ['https://blog.example/posts/top-10-tips-for-2024', 'https://blog.example/posts/top-10-tips-for-2024'],
  ['https://cdn.example/static/app.4f3a9c.js', 'https://cdn.example/static/app.4f3a9c.js'],
  ['https://cdn.example/static/app.0123456789abcdef01.js', 'https://cdn.example/static/:id'],
  ['https://shop.example/products/blue-shoes', 'https://shop.example/products/blue-shoes'],
  ['https://api.example/a//b/', 'https://api.example/a//b/'],
  ['https://api.example/tel/+4915112345678', 'https://api.example/tel/:id'],
  // Other schemes
  ['data:text/plain;base64,SGVsbG8=', 'data:[31 chars]'],
  ['data:image/png;base64,iVBORw0KGgo=', 'data:[34 chars]'],
  [`blob:https://example.com/${UUID}`, 'blob:[61 chars]'],
  ['javascript:alert(1)', 'javascript:[19 chars]'],
  ['mailto:jane@mail.example', 'mailto:[24 chars]'],
  ['about:blank', 'about:blank'],
  ['about:blank#frag', 'about:blank'],
  ['wss://chat.example/socket?auth=xyz', 'wss://chat.example/socket?…'],
  ['ws://chat.example/room/12345678', 'ws://chat.example/room/:id'],
  ['file:///home/jane/report.pdf', 'file:///home/jane/report.pdf'],
  // Relative and malformed
  ['/api/items?token=abc', '/api/items?…'],
  [`/api/orders/${UUID}#x`, '/api/orders/:id#…'],
  ['//u:p@host.example/x', '//host.example/x'],
  ['not a url', 'not a url'],
  ['', ''],
  ['  https://example.com/a?b  ', 'https://example.com/a?…'],
];

describe('sanitizeUrl', () => {
  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
  it.each(CASES)('%s → %s', (input, expected) => {
    expect(sanitizeUrl(input)).toBe(expected);
  });
  it('never lets a secret through whatever the shape', () => {
    const secrets = ['s3cr3t-T0ken', 'jane@mail.example', UUID, JWT, 'hunter2'];
    const urls = [
      `https://admin:hunter2@x.example/p/${UUID}?token=s3cr3t-T0ken&email=jane@mail.example#${JWT}`,
      `https://x.example/${JWT}/jane@mail.example`,
    ];
    for (const u of urls) for (const s of secrets) expect(sanitizeUrl(u)).not.toContain(s);
  });
});

describe('isIdSegment', () => {
  it.each([
    ['', false],
    ['orders', false],
    ['v1', false],
    [UUID, true],
    ['123456', true],
    ['a@b', true],
  ] as const)('%s → %s', (segment, expected) => {
    expect(isIdSegment(segment)).toBe(expected);
  });
});

describe('sanitizeUrlsInText', () => {
  it('sanitizes every URL in a console line and keeps the rest', () => {
    expect(
      sanitizeUrlsInText(
        'GET https://u:p@api.example/v1/users/12345678?email=a@b.c 404 (Not Found), see https://docs.example/errors#404.',
      ),
    ).toBe('GET https://api.example/v1/users/:id?… 404 (Not Found), see https://docs.example/errors#….');
  });
  it('sanitizes URLs in parentheses and quotes', () => {
    expect(sanitizeUrlsInText('at fn (https://app.example/main.js?v=3:10:5)')).toBe(
      'at fn (https://app.example/main.js?…)',
    );
    expect(sanitizeUrlsInText(`"https://x.example/r/${UUID}"`)).toBe('"https://x.example/r/:id"');
  });
  it('replaces data: and blob: URLs with their length', () => {
    expect(sanitizeUrlsInText('img data:image/png;base64,AAAA done')).toBe('img data:[26 chars] done');
    expect(sanitizeUrlsInText(`src blob:https://a.example/${UUID}`)).toBe('src blob:[59 chars]');
  });
  it('leaves text without URLs alone', () => {
    expect(sanitizeUrlsInText('Uncaught TypeError: x is not a function')).toBe(
      'Uncaught TypeError: x is not a function',
    );
  });
});
