import { describe, expect, it } from 'vitest';
import { secretAskLanguages } from './secret-ask';

/** [question, the language expected to fire]: every language the gate covers, several kinds of secret. */
const ASKS: [string, string][] = [
  ['Please enter the 6-digit code we just sent to your phone.', 'en'],
  ['What is your password?', 'en'],
  ['Type the one-time code from your authenticator app.', 'en'],
  ['Can you give me your card number and CVV?', 'en'],
  ['I need your recovery phrase to restore the wallet.', 'en'],
  ['What is your PIN?', 'en'],
  ['Bitte geben Sie Ihr Passwort ein, um fortzufahren.', 'de'],
  ['Wie lautet der Bestätigungscode aus der SMS?', 'de'],
  ['Nennen Sie mir Ihre Kreditkartennummer.', 'de'],
  ['Quel est votre mot de passe ?', 'fr'],
  ['Entrez le code de vérification reçu par SMS.', 'fr'],
  ['Indique tu contraseña, por favor.', 'es'],
  ['¿Cuál es el número de la tarjeta?', 'es'],
  ['Inserisci il codice di verifica.', 'it'],
  ['Qual é a sua senha?', 'pt'],
  ['Informe o número do cartão.', 'pt'],
  ['Wat is je wachtwoord?', 'nl'],
  ['Voer de verificatiecode in.', 'nl'],
  ['パスワードを入力してください。', 'ja'],
  ['認証コードを教えてください', 'ja'],
  ['请输入验证码', 'zh'],
  ['請提供您的密碼', 'zh'],
];

const PLAIN = [
  'Which of the two flights do you prefer?',
  'Should I pin this tab or open the pinned one?',
  'What postcode should I ship to?',
  'Welche Farbe möchten Sie?',
  'Quelle taille voulez-vous ?',
  '¿Qué talla prefieres?',
  'どちらの色がいいですか？',
  '你想要哪种颜色？',
  'The keyboard shortcut is Ctrl+P; should I use it?',
];

describe('secretAskLanguages', () => {
  it.each(ASKS)('warns on %j (%s)', (q, lang) => {
    expect(secretAskLanguages(q)).toContain(lang);
  });
  it.each(PLAIN)('stays quiet on %j', (q) => {
    expect(secretAskLanguages(q)).toEqual([]);
  });
});
