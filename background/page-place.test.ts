/** page-place: which page call carries an action's place ask, and which answer it keeps. */
import { describe, expect, it } from 'vitest';
import { askPlace, endPlaceAsk, notePlace, placeAskFor } from './page-place';

describe('placeAskFor', () => {
  it('matches the first call in the asked frame that names the asked ref', () => {
    const ask = askPlace(7, 3, 'ref_5');
    expect(placeAskFor(7, 3, { ref_id: 'ref_5', text: 'x' })).toBe(ask);
    expect(placeAskFor(7, 0, { ref_id: 'ref_5' })).toBeUndefined();
    expect(placeAskFor(7, 3, { ref_id: 'ref_6' })).toBeUndefined();
    expect(placeAskFor(7, 3, { token: 't' })).toBeUndefined();
    expect(placeAskFor(8, 3, { ref_id: 'ref_5' })).toBeUndefined();
    endPlaceAsk(ask);
    expect(placeAskFor(7, 3, { ref_id: 'ref_5' })).toBeUndefined();
  });

  it('stops asking once answered, and keeps the first answer (later ones come after the action)', () => {
    const ask = askPlace(9, 0, 'ref_1');
    notePlace(ask, { ok: true, data: {}, refHigh: 4 });
    expect(ask.place).toBeUndefined();
    notePlace(ask, { ok: false, error: { code: 'x', message: 'y' }, place: { role: 'button', name: 'Go' } });
    notePlace(ask, { ok: true, data: {}, place: { role: 'button', name: 'Gone' } });
    expect(ask.place).toEqual({ role: 'button', name: 'Go' });
    expect(placeAskFor(9, 0, { ref_id: 'ref_1' })).toBeUndefined();
    endPlaceAsk(ask);
  });

  it('a newer ask replaces the tab\u2019s older one, and ending the older leaves the newer', () => {
    const older = askPlace(11, 0, 'ref_1');
    const newer = askPlace(11, 0, 'ref_2');
    endPlaceAsk(older);
    expect(placeAskFor(11, 0, { ref_id: 'ref_2' })).toBe(newer);
    endPlaceAsk(newer);
  });
});
