/**
 * The hard-to-undo vocabulary by language (matched by background/policy/hard-to-undo.ts): words on a
 * control whose activation moves money, sends or shares something with other people, publishes,
 * deletes or discards, or grants, revokes or accepts access. Stems take any ending; words are whole
 * words; `anywhere` is for scripts without word breaks.
 *
 * Issue 24 item 8 widened it in every language with trash, discard, archive-and-delete, merge,
 * accept, approve, grant, revoke, deactivate, close account, cancel subscription, publish, share and
 * invite (table: hard-to-undo.test.ts).
 */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'ja' | 'zh';

export interface Vocabulary {
  /** Word-start stems: any suffix may follow. */
  stems: readonly string[];
  /** Whole words (or phrases) only. */
  words: readonly string[];
  /** Substrings, for scripts without word breaks. */
  anywhere?: readonly string[];
}

// The word lists are data, kept dense so each language reads as one table.
// prettier-ignore
export const VOCABULARY: Readonly<Record<Language, Vocabulary>> = {
  en: {
    stems: [
      'buy', 'purchas', 'checkout', 'check out', 'place order', 'place your order', 'order now', 'publish',
      'delet', 'remov', 'transfer', 'confirm', 'authoriz', 'authoris', 'subscrib', 'unsubscrib', 'withdraw',
      'donat', 'discard', 'move to bin', 'move to trash', 'send to trash', 'empty trash', 'empty the trash',
      'revok', 'deactivat', 'close account', 'close my account', 'close your account', 'close the account',
      'cancel subscription', 'cancel my subscription', 'cancel your subscription', 'cancel membership',
    ],
    words: [
      'bought', 'pay', 'paying', 'paid', 'payment', 'order', 'ordered', 'ordering', 'send', 'sends',
      'sending', 'sent', 'post', 'posts', 'posted', 'posting', 'reply', 'replies', 'replied', 'replying',
      'allow', 'allows', 'allowed', 'allowing', 'wire', 'share', 'shares', 'shared', 'sharing', 'unshare',
      'merge', 'merges', 'merged', 'merging', 'accept', 'accepts', 'accepted', 'accepting', 'approve',
      'approves', 'approved', 'approving', 'grant', 'grants', 'granted', 'granting', 'invite', 'invites',
      'invited', 'inviting',
    ],
  },
  de: {
    stems: [
      'kauf', 'gekauft', 'bezahl', 'zahlen', 'zahlung', 'bestell', 'absend', 'gesendet', 'abschick',
      'verschick', 'veröffentlich', 'antwort', 'beantwort', 'lösch', 'gelöscht', 'entfern', 'überweis',
      'bestätig', 'erlaub', 'zulass', 'autorisier', 'abonnier', 'abbestell', 'kündig', 'papierkorb',
      'verwerf', 'verwirf', 'zusammenführ', 'akzeptier', 'annehm', 'genehmig', 'freigeb', 'gewähr',
      'widerruf', 'deaktivier', 'konto schließen', 'konto auflösen', 'einlad', 'teilen',
    ],
    words: ['posten', 'senden', 'sende', 'teile', 'geteilt'],
  },
  fr: {
    stems: [
      'achet', 'achèt', 'achat', 'commander', 'commandez', 'passer la commande', 'envoi', 'envoy', 'publier',
      'publiez', 'publié', 'répond', 'supprim', 'effac', 'retir', 'transfér', 'virement', 'confirm',
      'autoris', 'abonn', 'désabonn', 'désinscri', 'corbeille', 'mettre à la corbeille', 'abandonn',
      'fusionn', 'révoqu', 'désactiv', 'clôtur', 'fermer le compte', 'fermer mon compte', 'résili', 'partag',
    ],
    words: [
      'poster', 'payer', 'payez', 'paie', 'paiement', 'payé', 'valider la commande', 'accorder', 'accordez',
      'jeter', 'accepter', 'acceptez', 'accepte', 'accepté', 'approuver', 'approuvez', 'approuve', 'approuvé',
      'inviter', 'invitez', 'invite', 'invité',
    ],
  },
  es: {
    stems: [
      'realizar la compra', 'pedid', 'realizar pedido', 'envi', 'envía', 'publica', 'respond', 'elimin',
      'borr', 'suprim', 'quitar', 'transfer', 'confirm', 'permitir', 'autoriz', 'suscrib', 'darse de baja',
      'dar de baja', 'papelera', 'descart', 'fusion', 'acept', 'aprob', 'aprueb', 'conced', 'otorg', 'revoc',
      'desactiv', 'cerrar cuenta', 'cerrar mi cuenta', 'cerrar la cuenta', 'cancelar suscripción',
      'cancelar la suscripción', 'cancelar mi suscripción', 'compart',
    ],
    words: [
      'comprar', 'compra', 'compre', 'comprado', 'pagar', 'pago', 'pague', 'paga', 'pagado', 'invitar',
      'invita', 'invitado', 'invite',
    ],
  },
  pt: {
    stems: [
      'encomend', 'finalizar pedido', 'envi', 'publica', 'postar', 'respond', 'excluir', 'exclua', 'excluíd',
      'apag', 'elimin', 'remov', 'transfer', 'confirm', 'permitir', 'autoriz', 'assin', 'inscrev',
      'cancelar inscrição', 'lixeira', 'descart', 'mescl', 'aceit', 'aprov', 'conced', 'revog', 'desativ',
      'encerrar conta', 'encerrar a conta', 'fechar conta', 'cancelar assinatura', 'cancelar a assinatura',
      'compartilh', 'partilh', 'convid',
    ],
    words: ['pedido', 'comprar', 'compra', 'compre', 'pagar', 'pague', 'pagamento', 'pago', 'paga', 'lixo'],
  },
  it: {
    stems: [
      'acquist', 'invi', 'pubblic', 'rispond', 'elimin', 'cancell', 'rimuov', 'trasferi', 'bonifico',
      'conferm', 'consent', 'autorizz', 'iscriv', 'abbonat', 'annulla iscrizione', 'cestino', 'scart',
      'unisci', 'accett', 'conced', 'revoc', 'disattiv', 'chiudi account', 'chiudi il tuo account',
      "chiudere l'account", 'annulla abbonamento', "annulla l'abbonamento", 'disdici', 'disdetta', 'condivid',
    ],
    words: [
      'compra', 'paga', 'pagare', 'pagamento', 'paghi', 'ordina', 'ordinare', 'ordine', 'approva',
      'approvare', 'approvi', 'approvato', 'invita', 'invitare', 'invitato',
    ],
  },
  nl: {
    stems: [
      'deactiv', 'kopen', 'koop', 'gekocht', 'betal', 'betaald', 'bestel', 'verzend', 'verstuur', 'verstur',
      'verzonden', 'publiceer', 'beantwoord', 'verwijder', 'overmak', 'overschrijv', 'bevestig', 'toestaan',
      'sta toe', 'autoriseer', 'abonneer', 'afmeld', 'uitschrijv', 'prullenbak', 'verwerp', 'samenvoeg',
      'accepteer', 'accepteren', 'goedkeur', 'keur goed', 'toekenn', 'intrekk', 'trek in', 'account sluiten',
      'account opheffen', 'opzeg', 'zeg op', 'uitnodig', 'nodig uit',
    ],
    words: ['antwoord', 'antwoorden', 'stuur', 'plaatsen', 'delen', 'deel', 'gedeeld'],
  },
  ja: {
    stems: [],
    words: [],
    anywhere: [
      '購入', '買う', '支払', '払う', '注文', '送信', '送る', '送金', '振込', '振り込', '投稿', '公開', '返信', '削除', '消去', '取り除', '確定',
      '承認', '許可', '購読', '配信停止', '登録解除', 'ゴミ箱', '破棄', 'マージ', '統合', '同意', '受け入れ', '付与', '取り消', '無効化', '無効にする',
      '退会', 'アカウントを閉じる', '解約', '共有', '招待',
    ],
  },
  zh: {
    stems: [],
    words: [],
    anywhere: [
      '购买', '購買', '买', '支付', '付款', '订单', '訂單', '下单', '下單', '发送', '發送', '傳送', '发布', '發布', '發佈', '回复', '回覆',
      '删除', '刪除', '移除', '转账', '轉帳', '确认', '確認', '允许', '允許', '授权', '授權', '订阅', '訂閱', '垃圾桶', '回收站', '丢弃', '丟棄',
      '放弃', '放棄', '合并', '合併', '接受', '同意', '批准', '授予', '撤销', '撤銷', '停用', '注销', '註銷', '关闭账户', '關閉帳戶', '取消订阅',
      '取消訂閱', '分享', '共享', '邀请', '邀請',
    ],
  },
};
