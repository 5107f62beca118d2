import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPLANATIONS, explain, GENERIC_RULE_IDS } from './explanations';
import { SCHEMATRON_FILES } from './validate';
import { zatcaShared } from './test-data';

/** Rule ids raised with a given flag by the two Schematron XSL files. */
function ruleIds(flags: string[]): Set<string> {
  const ids = new Set<string>();
  for (const file of Object.values(SCHEMATRON_FILES)) {
    const xsl = readFileSync(path.join(zatcaShared(), 'schematron', file), 'utf8');
    for (const m of xsl.matchAll(/<svrl:failed-assert\b[^>]*>/g)) {
      const flag = /flag="([^"]+)"/.exec(m[0])?.[1];
      const id = /\bid="([^"]+)"/.exec(m[0])?.[1];
      if (id && flag && flags.includes(flag)) ids.add(id);
    }
  }
  return ids;
}

describe('explanations', () => {
  it('every fatal/error rule of both Schematron files is explained or deliberately generic', () => {
    const errors = ruleIds(['fatal', 'error']);
    expect(errors.size).toBeGreaterThan(80);
    const missing = [...errors].filter((id) => !EXPLANATIONS[id] && !GENERIC_RULE_IDS.includes(id));
    expect(missing).toEqual([]);
  });

  it('covers at least 60 rules, every id is a real rule or one of our codes, no id is both explained and generic', () => {
    const all = ruleIds(['fatal', 'error', 'warning']);
    const ours = [
      'invalid-invoice-hash',
      'invalid-signature',
      'invalid-signed-properties-digest',
      'invalid-certificate-digest',
      'invalid-certificate-issuer',
      'invalid-certificate-serial',
      'invalid-certificate',
      'missing-signature',
      'missing-qr',
      'invalid-qr-code',
      'invalid-xml',
      'invalid-icv',
      'invalid-pih',
      'invalid-uuid',
      'invalid-invoice-type',
      'invalid-clearance-status',
      'already-submitted',
      'uuid-conflict',
      'XSD',
    ];
    const keys = Object.keys(EXPLANATIONS);
    expect(keys.filter((k) => all.has(k)).length).toBeGreaterThanOrEqual(60);
    expect(keys.filter((k) => !all.has(k) && !ours.includes(k))).toEqual([]);
    expect(GENERIC_RULE_IDS.filter((k) => EXPLANATIONS[k])).toEqual([]);
    // the warnings a salon meets most
    for (const id of [
      'BR-KSA-98',
      'BR-KSA-08',
      'BR-KSA-09',
      'BR-KSA-37',
      'BR-KSA-66',
      'BR-KSA-42',
      'BR-KSA-63',
      'BR-KSA-56',
      'BR-KSA-15',
      'BR-KSA-23',
      'BR-KSA-69',
      'BR-KSA-24',
    ]) {
      expect(EXPLANATIONS[id]).toBeDefined();
    }
  });

  it('Arabic texts are Arabic (no Latin letters) and nothing is empty', () => {
    for (const [id, x] of Object.entries(EXPLANATIONS)) {
      for (const field of ['en', 'ar', 'fix_en', 'fix_ar'] as const)
        expect(`${id} ${field} ${x[field].trim().length > 5}`).toBe(`${id} ${field} true`);
      expect(`${id}: ${x.ar} ${x.fix_ar}`.slice(id.length + 2)).not.toMatch(/[A-Za-z]/);
      expect(x.ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('falls back to a generic bilingual explanation naming the rule', () => {
    expect(explain('BR-KSA-40')).toMatchObject({ generic: false, id: 'BR-KSA-40' });
    expect(explain('Invalid-PIH')).toMatchObject({ generic: false, en: EXPLANATIONS['invalid-pih'].en });
    const g = explain('BR-KSA-92', 'Contract ID missing');
    expect(g.generic).toBe(true);
    expect(g.en).toContain('BR-KSA-92');
    expect(g.ar).toContain('BR-KSA-92');
  });
});
