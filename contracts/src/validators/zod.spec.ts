import { z } from 'zod';
import { after } from './comparisons';
import { required } from './core';
import { date } from './dates';
import { price } from './numbers';
import { digitsOnly, maxLength } from './text';
import { fieldErrors, fieldIssues, ruleField, withFieldRule, withRule } from './zod';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return result.error.issues;
};

describe('withRule', () => {
  it('turns a failing rule into a custom issue carrying the key and params', () => {
    const issues = issuesOf(withRule(z.string(), maxLength(3)), 'abcd');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'custom', message: 'validation.max_length', params: { max: 3 } });
  });

  it('keeps the schema and its output when the rules pass', () => {
    const schema: z.ZodString = withRule(z.string(), maxLength(3));
    expect(schema.parse('abc')).toBe('abc');
  });

  it('reports only the first failing rule', () => {
    const issues = issuesOf(withRule(z.string(), required, digitsOnly), '');
    expect(issues.map((i) => i.message)).toEqual(['validation.is_required']);
  });

  it('leaves a value of the wrong type to the schema', () => {
    const issues = issuesOf(withRule(z.string(), digitsOnly), 5);
    expect(issues.map((i) => i.code)).toEqual(['invalid_type']);
  });
});

describe('ruleField', () => {
  it('lets Required report a missing key', () => {
    const issues = issuesOf(z.object({ name: ruleField(required) }), {});
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ message: 'validation.is_required', path: ['name'] });
  });
});

describe('withFieldRule', () => {
  const schema = withFieldRule(
    z.object({ name: ruleField(required), start: z.string(), end: z.string() }),
    'end',
    (data) => after(data.start, 'start'),
  );

  it('reports a cross-field rule on the named field', () => {
    const issues = issuesOf(schema, { name: 'x', start: '2024-05-02', end: '2024-05-01' });
    expect(issues).toEqual([
      expect.objectContaining({ message: 'validation.after', params: { other: 'start' }, path: ['end'] }),
    ]);
    expect(schema.safeParse({ name: 'x', start: '2024-05-01', end: '2024-05-02' }).success).toBe(true);
  });

  it('still runs when another field failed', () => {
    const issues = issuesOf(schema, { name: '', start: '2024-05-02', end: '2024-05-01' });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['name', 'end']);
  });

  // a rule that parses its dates threw RangeError (a 500) on a to_date that was not a date (issue 9)
  describe('runs only on fields that passed their own checks', () => {
    const parsing = withFieldRule(
      z.object({
        name: ruleField(required),
        from: withRule(z.string(), date),
        to: withRule(z.string(), date),
      }),
      'to',
      (d) => (value) => {
        const day = (text: unknown) => {
          if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text))
            throw new RangeError('Not a date');
          return text;
        };
        return day(value) < day(d.from) ? { key: 'validation.after_or_equal' } : undefined;
      },
    );

    it('leaves a field that failed to its own message', () => {
      expect(
        fieldErrors(parsing.safeParse({ name: 'x', from: '2024-05-01', to: 'gnp.exe' }).error!, {}),
      ).toEqual({
        to: 'validation.should_be_a_date',
      });
    });

    it('is not judged on another field that failed, and says nothing of it', () => {
      expect(
        fieldErrors(parsing.safeParse({ name: 'x', from: 'soon', to: '2024-05-01' }).error!, {}),
      ).toEqual({
        from: 'validation.should_be_a_date',
      });
    });

    it('still reports when the fields it reads are valid, beside other fields that failed', () => {
      expect(
        fieldErrors(parsing.safeParse({ name: '', from: '2024-05-02', to: '2024-05-01' }).error!, {}),
      ).toEqual({
        name: 'validation.is_required',
        to: 'validation.after_or_equal',
      });
    });

    it('throws (a bug) when it fails on valid fields', () => {
      const broken = withFieldRule(z.object({ a: z.string() }), 'a', () => () => {
        throw new Error('bug');
      });
      expect(() => broken.safeParse({ a: 'x' })).toThrow('bug');
    });
  });
});

describe('fieldIssues / fieldErrors', () => {
  const schema = z.object({
    name: ruleField(required),
    email: z.string(),
    age: z.number(),
    items: z.array(z.object({ price: withRule(z.string(), price({ countryId: 1 }), maxLength(4)) })),
  });
  const input = { age: 'old', items: [{ price: '1.005' }] };

  it('gives the first issue of each field by dotted path, params included', () => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected the parse to fail');
    expect(fieldIssues(result.error, input)).toEqual({
      name: { key: 'validation.is_required' },
      email: { key: 'validation.is_required' },
      age: { key: 'validation.invalid_value' },
      'items.0.price': { key: 'validation.max_decimals', params: { decimals: 2 } },
    });
  });

  it('answers { field: key } for the HTTP layer', () => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected the parse to fail');
    expect(fieldErrors(result.error, input)).toEqual({
      name: 'validation.is_required',
      email: 'validation.is_required',
      age: 'validation.invalid_value',
      'items.0.price': 'validation.max_decimals',
    });
  });

  it('tells a null or blank value from a wrong one on zod type errors', () => {
    const strict = z.object({ email: z.string(), age: z.number(), tags: z.array(z.string()) });
    const body = { email: null, age: '  ', tags: 'x' };
    const result = strict.safeParse(body);
    if (result.success) throw new Error('expected the parse to fail');
    expect(fieldErrors(result.error, body)).toEqual({
      email: 'validation.is_required',
      age: 'validation.is_required',
      tags: 'validation.invalid_value',
    });
  });
});
