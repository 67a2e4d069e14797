import { describe, expect, it } from 'vitest';
import { UserError } from '../../errors.js';
import { DialectGuess, type Dialect } from './dialect.js';
import { SqlTokenizer } from './tokenizer.js';
import type { Token } from './tokens.js';

/** Tokenize `text` cut into pieces of `size` characters (Infinity = one piece). */
function tokenize(text: string, size = Infinity, dialect?: Dialect): { tokens: Token[]; guess: DialectGuess } {
  const guess = new DialectGuess();
  if (dialect) guess.decide(dialect, 'test');
  const tokens: Token[] = [];
  const tokenizer = new SqlTokenizer((t) => tokens.push(t), guess, 1000);
  if (size === Infinity) tokenizer.push(text);
  else for (let i = 0; i < text.length; i += size) tokenizer.push(text.slice(i, i + size));
  tokenizer.end();
  return { tokens, guess };
}

const brief = (tokens: Token[]): string[] => tokens.map((t) => `${t.kind}:${t.text}@${t.line}`);

function errorOf(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

const SQLITE = `PRAGMA foreign_keys=OFF;
CREATE TABLE \`M\` (\`ID\` integer, "na""me" text DEFAULT '');
INSERT INTO M VALUES(-1042.130000000000109,'it''s; (x)
two lines',NULL,1e-5); -- comment 'not a string'
/* block
comment */ INSERT INTO "M" ("ID") VALUES (+3),('C:\\new');`;

const MYSQL = `-- MySQL dump
/*!40101 SET NAMES utf8 */;
LOCK TABLES \`M\` WRITE;
INSERT INTO \`M\` VALUES (1,'a\\'b\\\\c\\nd\\te\\rf\\0g\\Zh\\"i\\%j\\_k\\bl',"dq\\"x"),(2,'',NULL);
UNLOCK TABLES;`;

describe('SqlTokenizer', () => {
  it('tokenizes the SQLite dialect: quoted names, doubled quotes, comments, lines', () => {
    const { tokens, guess } = tokenize(SQLITE, Infinity, 'sqlite');
    expect(brief(tokens)).toEqual([
      'word:PRAGMA@1',
      'word:foreign_keys@1',
      'punct:=@1',
      'word:OFF@1',
      'punct:;@1',
      'word:CREATE@2',
      'word:TABLE@2',
      'quoted:M@2',
      'punct:(@2',
      'quoted:ID@2',
      'word:integer@2',
      'punct:,@2',
      'quoted:na"me@2',
      'word:text@2',
      'word:DEFAULT@2',
      'string:@2',
      'punct:)@2',
      'punct:;@2',
      'word:INSERT@3',
      'word:INTO@3',
      'word:M@3',
      'word:VALUES@3',
      'punct:(@3',
      'word:-1042.130000000000109@3',
      'punct:,@3',
      "string:it's; (x)\ntwo lines@3",
      'punct:,@4',
      'word:NULL@4',
      'punct:,@4',
      'word:1e-5@4',
      'punct:)@4',
      'punct:;@4',
      'word:INSERT@6',
      'word:INTO@6',
      'quoted:M@6',
      'punct:(@6',
      'quoted:ID@6',
      'punct:)@6',
      'word:VALUES@6',
      'punct:(@6',
      'word:+3@6',
      'punct:)@6',
      'punct:,@6',
      'punct:(@6',
      'string:C:\\new@6',
      'punct:)@6',
      'punct:;@6',
    ]);
    expect(tokens.find((t) => t.text === 'M')?.quote).toBe('`');
    expect(guess.current).toBe('sqlite');
  });

  it('tokenizes the MySQL dialect: backslash escapes, conditional comments', () => {
    const { tokens, guess } = tokenize(MYSQL);
    expect(guess.current).toBe('mysql');
    expect(guess.reason).toBe('conditional comment /*! on line 2');
    const strings = tokens.filter((t) => t.kind === 'string' || t.quote === '"').map((t) => t.text);
    expect(strings).toEqual(['a\'b\\c\nd\te\rf\0g\x1ah"i\\%j\\_k\bl', 'dq"x', '']);
    expect(brief(tokens).slice(0, 8)).toEqual([
      'punct:;@2',
      'word:LOCK@3',
      'word:TABLES@3',
      'quoted:M@3',
      'word:WRITE@3',
      'punct:;@3',
      'word:INSERT@4',
      'word:INTO@4',
    ]);
  });

  it.each([1, 2, 3, 5, 7, 64])('gives the same tokens in chunks of %i characters', (size) => {
    expect(tokenize(SQLITE, size, 'sqlite').tokens).toEqual(tokenize(SQLITE, Infinity, 'sqlite').tokens);
    expect(tokenize(MYSQL, size).tokens).toEqual(tokenize(MYSQL).tokens);
  });

  it('keeps a backslash literal in SQLite and decides MySQL on a valid escape when undecided', () => {
    expect(tokenize("'a\\nb'", Infinity, 'sqlite').tokens[0]?.text).toBe('a\\nb');
    const literal = tokenize("'C:\\path'", 1);
    expect(literal.tokens.map((t) => t.text)).toEqual(['C:\\path']);
    expect(literal.guess.current).toBeUndefined();
    const escaped = tokenize("'C:\\path' 'a\\nb'", 1);
    expect(escaped.tokens.map((t) => t.text)).toEqual(['C:\\path', 'a\nb']);
    expect(escaped.guess.reason).toBe('backslash escape \\n in a string on line 1');
    expect(() => tokenize("'a\\nb' 'c\\qd'")).toThrow('bad escape \\q in a string');
  });

  it('stops a word at punctuation and quotes, and keeps -- inside a word', () => {
    expect(brief(tokenize("a=b,c(d)e'f'5--x").tokens)).toEqual([
      'word:a@1',
      'punct:=@1',
      'word:b@1',
      'punct:,@1',
      'word:c@1',
      'punct:(@1',
      'word:d@1',
      'punct:)@1',
      'word:e@1',
      'string:f@1',
      'word:5--x@1',
    ]);
    expect(tokenize('-').tokens.map((t) => t.text)).toEqual(['-']);
    expect(tokenize('x /').tokens.map((t) => t.text)).toEqual(['x', '/']);
  });

  it('reports an unterminated string with the line it starts on', () => {
    const e = errorOf(() => tokenize("x\n'abc\ndef", 2));
    expect(e.message).toBe("unterminated string (no closing ' before end of file)");
    expect(e.place).toEqual({ line: 2, text: "'abc\ndef" });
  });

  it('reports an unterminated quoted name and comment', () => {
    expect(errorOf(() => tokenize('`abc')).message).toBe('unterminated quoted name (no closing ` before end of file)');
    const e = errorOf(() => tokenize('a\n/* open\n*'));
    expect(e.message).toBe('unterminated /* comment at end of file');
    expect(e.place).toEqual({ line: 2, text: '/*' });
  });

  it('reports a bad escape in the MySQL dialect', () => {
    const e = errorOf(() => tokenize("x\n'abc\\qdef'", 1, 'mysql'));
    expect(e.message).toBe('bad escape \\q in a string');
    expect(e.place).toEqual({ line: 2, text: 'abc\\q' });
  });

  it('refuses a token beyond the length limit', () => {
    const e = errorOf(() => tokenize(`'${'x'.repeat(2000)}`, 100));
    expect(e.message).toBe('token longer than 1000 characters (is a closing quote missing?)');
    expect(e.place.line).toBe(1);
  });
});
