// The English of the server's refusals in src/locales/en/server.po, the pseudo-locale's source (decision 050), is the
// contract's own sentence for each code, and every code the other languages word has it.
import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@quackquest/contract/core';
import { type ErrorParams, type TextCode, said } from '@quackquest/contract/errors';
import { describe, expect, it } from 'vitest';

const locales = new URL('../locales/', import.meta.url);

/** The `server.*` ids of a PO file with their texts. */
function serverTexts(file: string): Map<string, string> {
  const po = readFileSync(new URL(file, locales), 'utf8');
  const pairs = [...po.matchAll(/^msgid "(server\.[^"]+)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)];
  return new Map(pairs.map(([, id, text]) => [id!, text!.replaceAll('\\"', '"')]));
}

const english = serverTexts('en/server.po');

describe('en/server.po', () => {
  it('has the English of every refusal another language words', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      for (const catalog of ['start', 'signup', 'game']) {
        for (const id of serverTexts(`${language}/${catalog}.po`).keys()) {
          if (id !== 'server.linkSent' && id !== 'server.checkpointLocked')
            expect(english.has(id), `${id} (${language})`).toBe(true);
        }
      }
    }
  });

  it('says what the contract says for each code, with the same figures', () => {
    for (const [id, text] of english) {
      // A field's name is worded apart (server.label.<field>), the server writes it in.
      if (id.startsWith('server.label.') || text.includes('{label}')) continue;
      const names = [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
      const values: ErrorParams = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const code = id.slice('server.'.length) as TextCode;
      const sentence = (said as unknown as (code: TextCode, params?: ErrorParams) => { message: string })(code, values).message;
      expect(sentence, id).toBe(text.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`));
    }
  });
});
