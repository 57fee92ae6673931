import { describe, expect, it } from 'vitest';
import { hardToUndo, LANGUAGES, type Language } from './hard-to-undo';

// Names a control may carry, as the tree names them. Each language: at least three that must ask.
const ASKS: readonly [Language, string][] = [
  ['en', 'Buy now'],
  ['en', 'Pay $40.00'],
  ['en', 'Place your order'],
  ['en', 'Send'],
  ['en', 'Post comment'],
  ['en', 'Reply all'],
  ['en', 'Delete account'],
  ['en', 'Deleted items: restore'],
  ['en', 'Remove Buy milk'],
  ['en', 'Transfer funds'],
  ['en', 'Confirm'],
  ['en', 'Allow'],
  ['en', 'Authorize app'],
  ['en', 'Subscribe'],
  ['en', 'Unsubscribe'],
  ['en', 'Publish'],
  ['en', 'Checkout'],
  ['en', 'Buying options'],
  ['de', 'Jetzt kaufen'],
  ['de', 'Zahlungspflichtig bestellen'],
  ['de', 'Nachricht senden'],
  ['de', 'Löschen'],
  ['de', 'Konto entfernen'],
  ['de', 'Überweisung bestätigen'],
  ['de', 'Abonnieren'],
  ['fr', 'Acheter maintenant'],
  ['fr', 'Payer'],
  ['fr', 'Envoyer le message'],
  ['fr', 'Supprimer'],
  ['fr', 'Confirmer la commande'],
  ['fr', 'Se désabonner'],
  ['es', 'Comprar ahora'],
  ['es', 'Pagar'],
  ['es', 'Enviar'],
  ['es', 'Eliminar'],
  ['es', 'Confirmar transferencia'],
  ['pt', 'Comprar agora'],
  ['pt', 'Finalizar pedido'],
  ['pt', 'Excluir conta'],
  ['pt', 'Enviar mensagem'],
  ['it', 'Acquista ora'],
  ['it', 'Invia'],
  ['it', 'Elimina'],
  ['it', 'Conferma pagamento'],
  ['nl', 'Nu kopen'],
  ['nl', 'Betalen'],
  ['nl', 'Verwijderen'],
  ['nl', 'Versturen'],
  ['ja', '今すぐ購入'],
  ['ja', '送信する'],
  ['ja', '削除'],
  ['ja', '注文を確定する'],
  ['zh', '立即购买'],
  ['zh', '发送'],
  ['zh', '删除'],
  ['zh', '確認付款'],
];

const FREE: readonly string[] = [
  'Add todo',
  'Add',
  'Next page',
  'Página siguiente',
  'Pagina successiva',
  'Sender settings',
  'Payments help',
  'Postcode',
  'Posteingang',
  'Einkaufswagen',
  'Search',
  'Toggle all',
  'Walk the dog',
  'Submit request',
  'Clear search',
  'Pays-Bas',
  '検索',
  '搜索',
];

describe('hard-to-undo vocabulary', () => {
  it.each(ASKS)('%s: "%s" is hard to undo', (_lang, name) => {
    expect(hardToUndo(name)).not.toBeNull();
  });
  it.each(FREE)('"%s" is routine', (name) => {
    expect(hardToUndo(name)).toBeNull();
  });
  it('has at least three asking cases per language', () => {
    for (const lang of LANGUAGES) expect(ASKS.filter(([l]) => l === lang).length).toBeGreaterThanOrEqual(3);
  });
  it('matches decomposed accents (NFC) and reports the word', () => {
    expect(hardToUndo('Lo\u0308schen')?.word.toLowerCase()).toBe('lösch');
  });
});
