/**
 * Just enough of the Unicode bidirectional algorithm for one line of an invoice: Arabic and Latin
 * words, numbers, spaces and punctuation. fontkit shapes a string and reverses it when its script
 * is Arabic, so a mixed string ("صالون رونق | Rawnaq Salon") must reach it as runs of one direction
 * each, in the order they are seen on the line; that is what `visualRuns` gives.
 */

type Kind = 'R' | 'L' | 'EN' | 'N';

/** Hebrew, Arabic, Syriac, Thaana... and the Arabic presentation forms. */
const RTL = /[\u0590-\u05FF\u0600-\u065F\u066A-\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** European and Arabic-Indic digits: they read left to right inside right-to-left text. */
const DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/;
const LETTER = /\p{L}|\p{M}/u;
/** Separators that stay inside a number when digits stand on both sides ("1,234.50", "2026-01-02"). */
const NUMBER_JOINER = /[.,:/-]/;

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
};

export interface Run {
  text: string;
  /** a right-to-left run: give it to fontkit in logical order and it lays it out reversed */
  rtl: boolean;
}

function kinds(chars: string[]): Kind[] {
  const out: Kind[] = chars.map((c) =>
    RTL.test(c) ? 'R' : DIGIT.test(c) ? 'EN' : LETTER.test(c) ? 'L' : 'N',
  );
  for (let i = 1; i < chars.length - 1; i++) {
    if (out[i] === 'N' && NUMBER_JOINER.test(chars[i]) && out[i - 1] === 'EN' && out[i + 1] === 'EN')
      out[i] = 'EN';
  }
  return out;
}

/** True when the text's first strong letter is Arabic (its own direction, as `dir="auto"` does). */
export function isRtl(text: string): boolean {
  for (const c of text) {
    if (RTL.test(c)) return true;
    if (LETTER.test(c) && !DIGIT.test(c)) return false;
  }
  return false;
}

/**
 * The text as runs of one direction, left to right as they are drawn. `rtl` is the paragraph's
 * direction (defaults to the text's own).
 */
export function visualRuns(text: string, rtl = isRtl(text)): Run[] {
  const chars = [...text];
  if (!chars.length) return [];
  const kind = kinds(chars);
  // W2 (simplified): a number after Arabic (or at the start of a right-to-left line) belongs to it
  const strong: Array<'L' | 'R'> = [];
  let last: 'L' | 'R' = rtl ? 'R' : 'L';
  for (let i = 0; i < chars.length; i++) {
    if (kind[i] === 'R' || kind[i] === 'L') last = kind[i] as 'L' | 'R';
    strong.push(kind[i] === 'EN' ? (last === 'R' ? 'R' : 'L') : last);
  }
  // levels: paragraph 0 (LTR) or 1 (RTL); Arabic odd; Latin even; numbers one above their context
  const base = rtl ? 1 : 0;
  const level: number[] = kind.map((k, i) => {
    if (k === 'R') return 1;
    if (k === 'L') return rtl ? 2 : 0;
    if (k === 'EN') return strong[i] === 'R' || rtl ? 2 : 0;
    return -1; // neutral: resolved below
  });
  const embedding: 'L' | 'R' = rtl ? 'R' : 'L';
  const resolved: Array<'L' | 'R' | undefined> = [];
  // a number counts as the letters before it (W7)
  const dirOf = (i: number): 'L' | 'R' =>
    resolved[i] ?? (kind[i] === 'EN' ? strong[i] : kind[i] === 'N' ? embedding : (kind[i] as 'L' | 'R'));
  const levelOf = (dir: 'L' | 'R') => (dir === 'R' ? 1 : base === 1 ? 2 : 0);
  // N0: a bracket pair takes the paragraph's direction when its content has it, else the
  // direction of its content when the text before it has that direction too
  const open: number[] = [];
  const pairs: Array<[number, number]> = [];
  chars.forEach((c, i) => {
    if (kind[i] !== 'N') return;
    if (c in OPENERS) open.push(i);
    else if (Object.values(OPENERS).includes(c)) {
      const at = open.map((o) => OPENERS[chars[o]]).lastIndexOf(c);
      if (at >= 0) {
        pairs.push([open[at], i]);
        open.splice(at);
      }
    }
  });
  for (const [o, c] of pairs.sort((a, b) => a[0] - b[0])) {
    const inside = new Set<'L' | 'R'>();
    for (let i = o + 1; i < c; i++) if (kind[i] !== 'N' || resolved[i]) inside.add(dirOf(i));
    if (!inside.size) continue;
    let before = embedding;
    for (let i = o - 1; i >= 0; i--)
      if (kind[i] !== 'N' || resolved[i]) {
        before = dirOf(i);
        break;
      }
    const dir = inside.has(embedding) || before === embedding ? embedding : embedding === 'R' ? 'L' : 'R';
    resolved[o] = resolved[c] = dir;
    level[o] = level[c] = levelOf(dir);
  }
  // N1/N2: other neutrals between two of the same direction take it, else the paragraph's
  for (let i = 0; i < chars.length;) {
    if (level[i] !== -1) {
      i++;
      continue;
    }
    let j = i;
    while (j < chars.length && level[j] === -1) j++;
    const before = i > 0 ? dirOf(i - 1) : rtl ? 'R' : 'L';
    const after = j < chars.length ? dirOf(j) : rtl ? 'R' : 'L';
    const dir = before === after ? before : rtl ? 'R' : 'L';
    for (let k = i; k < j; k++) level[k] = levelOf(dir);
    i = j;
  }
  // L1: trailing whitespace goes back to the paragraph level
  for (let i = chars.length - 1; i >= 0 && /\s/.test(chars[i]); i--) level[i] = base;

  // runs of one level, in logical order
  type LevelRun = { start: number; end: number; level: number };
  const runs: LevelRun[] = [];
  for (let i = 0; i < chars.length; i++) {
    const prev = runs[runs.length - 1];
    if (prev && prev.level === level[i]) prev.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: level[i] });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence at or above it
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let l = max; l >= minOdd; l--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i].level < l) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= l) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((r) => {
    const piece = chars.slice(r.start, r.end);
    const odd = r.level % 2 === 1;
    // a right-to-left run with no Arabic letter (spaces, "|", brackets) is not reversed by fontkit
    if (odd && !piece.some((c) => RTL.test(c)))
      return {
        text: piece
          .reverse()
          .map((c) => MIRROR[c] ?? c)
          .join(''),
        rtl: false,
      };
    return { text: piece.map((c) => (odd ? (MIRROR[c] ?? c) : c)).join(''), rtl: odd };
  });
}
