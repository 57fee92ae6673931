/**
 * The hard-to-undo vocabulary: words on a control whose activation moves money, sends something to
 * other people, publishes, deletes, or grants access. Matched on the element's accessible name (the
 * tree's own accname computation), as a person reading the control would judge it.
 *
 * Latin-script stems match at the start of a word and take any ending ("delet" → delete, deleted,
 * deleting), so inflections need no list of their own; short or ambiguous words are whole-word only
 * ("post" must not catch "postcode", "pay" not "payments help"). Japanese and Chinese have no word
 * breaks, so their words match anywhere in the name.
 */

export type Language = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'ja' | 'zh';

interface Vocabulary {
  /** Word-start stems: any suffix may follow. */
  stems: readonly string[];
  /** Whole words (or phrases) only. */
  words: readonly string[];
  /** Substrings, for scripts without word breaks. */
  anywhere?: readonly string[];
}

const VOCABULARY: Readonly<Record<Language, Vocabulary>> = {
  en: {
    stems: [
      'buy',
      'purchas',
      'checkout',
      'check out',
      'place order',
      'place your order',
      'order now',
      'publish',
      'delet',
      'remov',
      'transfer',
      'confirm',
      'authoriz',
      'authoris',
      'subscrib',
      'unsubscrib',
      'withdraw',
      'donat',
    ],
    words: [
      'bought',
      'pay',
      'paying',
      'paid',
      'payment',
      'order',
      'ordered',
      'ordering',
      'send',
      'sends',
      'sending',
      'sent',
      'post',
      'posts',
      'posted',
      'posting',
      'reply',
      'replies',
      'replied',
      'replying',
      'allow',
      'allows',
      'allowed',
      'allowing',
      'wire',
    ],
  },
  de: {
    stems: [
      'kauf',
      'gekauft',
      'bezahl',
      'zahlen',
      'zahlung',
      'bestell',
      'absend',
      'gesendet',
      'abschick',
      'verschick',
      'veröffentlich',
      'antwort',
      'beantwort',
      'lösch',
      'gelöscht',
      'entfern',
      'überweis',
      'bestätig',
      'erlaub',
      'zulass',
      'autorisier',
      'abonnier',
      'abbestell',
      'kündig',
    ],
    words: ['posten', 'senden', 'sende'],
  },
  fr: {
    stems: [
      'achet',
      'achèt',
      'achat',
      'commander',
      'commandez',
      'passer la commande',
      'envoi',
      'envoy',
      'publier',
      'publiez',
      'publié',
      'répond',
      'supprim',
      'effac',
      'retir',
      'transfér',
      'virement',
      'confirm',
      'autoris',
      'abonn',
      'désabonn',
      'désinscri',
    ],
    words: ['poster', 'payer', 'payez', 'paie', 'paiement', 'payé', 'valider la commande'],
  },
  es: {
    stems: [
      'realizar la compra',
      'pedid',
      'realizar pedido',
      'envi',
      'envía',
      'publica',
      'respond',
      'elimin',
      'borr',
      'suprim',
      'quitar',
      'transfer',
      'confirm',
      'permitir',
      'autoriz',
      'suscrib',
      'darse de baja',
      'dar de baja',
    ],
    words: ['comprar', 'compra', 'compre', 'comprado', 'pagar', 'pago', 'pague', 'paga', 'pagado'],
  },
  pt: {
    stems: [
      'encomend',
      'finalizar pedido',
      'envi',
      'publica',
      'postar',
      'respond',
      'excluir',
      'exclua',
      'excluíd',
      'apag',
      'elimin',
      'remov',
      'transfer',
      'confirm',
      'permitir',
      'autoriz',
      'assin',
      'inscrev',
      'cancelar inscrição',
    ],
    words: ['pedido', 'comprar', 'compra', 'compre', 'pagar', 'pague', 'pagamento', 'pago', 'paga'],
  },
  it: {
    stems: [
      'acquist',
      'invi',
      'pubblic',
      'rispond',
      'elimin',
      'cancell',
      'rimuov',
      'trasferi',
      'bonifico',
      'conferm',
      'consent',
      'autorizz',
      'iscriv',
      'abbonat',
      'annulla iscrizione',
    ],
    words: ['compra', 'paga', 'pagare', 'pagamento', 'paghi', 'ordina', 'ordinare', 'ordine'],
  },
  nl: {
    stems: [
      'kopen',
      'koop',
      'gekocht',
      'betal',
      'betaald',
      'bestel',
      'verzend',
      'verstuur',
      'verstur',
      'verzonden',
      'publiceer',
      'beantwoord',
      'verwijder',
      'overmak',
      'overschrijv',
      'bevestig',
      'toestaan',
      'sta toe',
      'autoriseer',
      'abonneer',
      'afmeld',
      'uitschrijv',
    ],
    words: ['antwoord', 'antwoorden', 'stuur', 'plaatsen'],
  },
  ja: {
    stems: [],
    words: [],
    anywhere: [
      '購入',
      '買う',
      '支払',
      '払う',
      '注文',
      '送信',
      '送る',
      '送金',
      '振込',
      '振り込',
      '投稿',
      '公開',
      '返信',
      '削除',
      '消去',
      '取り除',
      '確定',
      '承認',
      '許可',
      '購読',
      '配信停止',
      '登録解除',
    ],
  },
  zh: {
    stems: [],
    words: [],
    anywhere: [
      '购买',
      '購買',
      '买',
      '支付',
      '付款',
      '订单',
      '訂單',
      '下单',
      '下單',
      '发送',
      '發送',
      '傳送',
      '发布',
      '發布',
      '發佈',
      '回复',
      '回覆',
      '删除',
      '刪除',
      '移除',
      '转账',
      '轉帳',
      '确认',
      '確認',
      '允许',
      '允許',
      '授权',
      '授權',
      '订阅',
      '訂閱',
    ],
  },
};

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A word starts where no letter or digit precedes it (Unicode-aware, so "Einkaufswagen" is not "kauf…").
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';

function compile(v: Vocabulary): RegExp {
  const parts: string[] = [];
  if (v.stems.length) parts.push(`${START}(?:${v.stems.map(escape).join('|')})`);
  if (v.words.length) parts.push(`${START}(?:${v.words.map(escape).join('|')})${END}`);
  if (v.anywhere?.length) parts.push(`(?:${v.anywhere.map(escape).join('|')})`);
  return new RegExp(parts.join('|'), 'iu');
}

export const LANGUAGES: readonly Language[] = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'ja', 'zh'];
const COMPILED: readonly [Language, RegExp][] = LANGUAGES.map((lang) => [lang, compile(VOCABULARY[lang])]);

/** The first hard-to-undo word in `text` and its language, or null. */
export function hardToUndo(text: string): { word: string; lang: Language } | null {
  // NFC so a decomposed "lo\u0308schen" matches "löschen".
  const t = text.normalize('NFC').replace(/\s+/g, ' ');
  for (const [lang, re] of COMPILED) {
    const m = re.exec(t);
    if (m) return { word: m[0], lang };
  }
  return null;
}
