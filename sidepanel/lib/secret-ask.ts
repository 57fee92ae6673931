/**
 * Does a question the agent puts to the user ask for a secret? `ask_user` text is the model's, and the
 * model may be the page's: "enter the 6-digit code we just sent" in a card is phishing with the panel's
 * authority. Weaverbird never needs a password, one-time code, card number or recovery phrase (the user
 * types those into the site), so the card warns whenever a question names one. Matching is on words, in
 * the languages the approval gate covers (background/policy/hard-to-undo.ts): a false alarm costs a line
 * of text, a miss costs an account. Pure; no `chrome.*`.
 */

/**
 * Whole words (or phrases) in any script: `\b` is ASCII-only in JavaScript, so "contraseña" would not
 * end at a boundary; letters and digits of every script are the word characters here.
 */
function words(alternatives: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** Japanese and Chinese have no word spaces: the words themselves are specific enough. */
const anywhere = (alternatives: readonly string[]): RegExp => new RegExp(alternatives.join('|'), 'u');

const SECRET_WORDS: Readonly<Record<string, RegExp>> = {
  en: words([
    'pass(?:word|code|phrase)s?',
    // "pin" alone is also "pin this tab": only as a possession or with its noun.
    '(?:your|the|a|my) pin(?: code| number)?',
    'pin (?:code|number)',
    'one[- ]time (?:pass)?codes?',
    'otp',
    '2fa',
    'mfa',
    '(?:verification|security|confirmation|authentication|login|sms|access|backup|recovery|auth) codes?',
    '\\d+[- ]digit (?:code|number|pin)',
    'codes? (?:we|that was|that we|I) (?:just )?sent',
    '(?:credit |debit |bank )?card (?:number|details)',
    'cvv2?',
    'cvc',
    '(?:recovery|seed|secret|mnemonic) (?:phrase|words?)',
    '(?:private|secret) key',
    'social security number',
    'ssn',
    'login details',
    'credentials',
  ]),
  de: words([
    'passw(?:o|ö)rt(?:er)?',
    'kennwort',
    'geheimzahl',
    'pin-?(?:code|nummer)',
    '(?:ihre|deine) (?:pin|tan)',
    'tan-?(?:nummer|code)',
    '(?:bestätigungs|sicherheits|einmal|verifizierungs|zugangs|wiederherstellungs|sms-?)code',
    '(?:kredit)?kartennummer',
    'prüfnummer',
    'wiederherstellungsphrase',
    'seed-?phrase',
    'zugangsdaten',
    'anmeldedaten',
  ]),
  fr: words([
    'mots? de passe',
    'code (?:de vérification|de sécurité|de confirmation|à usage unique|pin|reçu|envoyé)',
    'numéro de (?:la )?carte',
    'cryptogramme',
    'phrase de récupération',
    'identifiants',
  ]),
  es: words([
    'contraseñas?',
    'código (?:de verificación|de seguridad|de confirmación|de un solo uso|pin|que (?:te|le) (?:hemos )?enviado)',
    'número de (?:la )?tarjeta',
    'frase de recuperación',
    'credenciales',
    'clave de acceso',
  ]),
  it: words([
    'password',
    'codice (?:di verifica|di sicurezza|di conferma|otp|pin|monouso)',
    'numero (?:della|di) carta',
    'frase di recupero',
    'credenziali',
  ]),
  pt: words([
    'senhas?',
    'código (?:de verificação|de segurança|de confirmação|pin|enviado)',
    'número do cartão',
    'frase de recuperação',
    'credenciais',
  ]),
  nl: words([
    'wachtwoord(?:en)?',
    'pincode',
    '(?:verificatie|beveiligings|bevestigings|eenmalige |sms-?)code',
    'kaartnummer',
    'herstelzin',
    'inloggegevens',
  ]),
  ja: anywhere([
    'パスワード',
    '暗証番号',
    '認証コード',
    '確認コード',
    'ワンタイム',
    'セキュリティコード',
    'カード番号',
    'リカバリーフレーズ',
    '秘密鍵',
  ]),
  zh: anywhere([
    '密码',
    '密碼',
    '验证码',
    '驗證碼',
    '校验码',
    '安全码',
    '卡号',
    '卡號',
    '助记词',
    '助記詞',
    '恢复短语',
    '私钥',
  ]),
};

/** The languages whose words the question uses for a secret (empty when it asks for none). */
export function secretAskLanguages(question: string): string[] {
  return Object.entries(SECRET_WORDS)
    .filter(([, re]) => re.test(question))
    .map(([lang]) => lang);
}

export const SECRET_ASK_WARNING =
  'Weaverbird never needs your password, one-time code, card number or recovery phrase. Do not type them here: if a site needs one, enter it on the site yourself.';
