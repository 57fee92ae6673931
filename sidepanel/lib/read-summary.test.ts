import { describe, expect, it } from 'vitest';
import { summarizeResult } from './tool-summary';

describe('read tool cards', () => {
  it('say whether a check held, why not, and how long a wait took', () => {
    expect(summarizeResult('{"holds":true}')).toBe('✓ holds');
    expect(summarizeResult('{"holds":true,"waitedMs":1234}')).toBe('✓ holds after 1.2 s');
    expect(
      summarizeResult(
        '{"holds":false,"failure":{"kind":"visible","expected":"visible","actual":"covered","detail":"by banner"}}',
      ),
    ).toBe('✗ visible: expected "visible", got "covered" (by banner)');
    expect(summarizeResult('{"stable":false,"waitedMs":5000,"busy":"2 request(s) still in flight"}')).toBe(
      '✗ not quiet after 5.0 s: 2 request(s) still in flight',
    );
  });
  it('say what an extraction got and what an inspection saw', () => {
    expect(summarizeResult('{"complete":true,"data":{"a":1,"b":2},"warnings":[]}')).toBe('✓ 2 field(s)');
    expect(summarizeResult('{"complete":false,"data":{},"missing":["total"],"warnings":["x"]}')).toBe(
      '✗ incomplete: missing total · 1 warning(s)',
    );
    expect(summarizeResult('{"box":{"width":200,"height":40},"styles":{},"visible":"opacity 0"}')).toBe(
      '200×40 px · not visible: opacity 0',
    );
  });
});
