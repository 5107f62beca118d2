/**
 * Every field of every event the product writes, read from the events' own TypeScript types (the
 * contracts' and the command side's), must have a label in both languages and a formatter; and each
 * event, rendered once with values of its declared types, must read as text: no "[object Object]",
 * no JSON, no raw message key.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { createI18nProvider } from '../i18n/index';
import { messages as enMessages } from '../i18n/messages.en';
import { messages as arMessages } from '../i18n/messages.ar';
import { lookup } from '../i18n/merge';
import {
  ENTITY_FIELD_FORMATS,
  FIELD_FORMATS,
  formatFieldValue,
  formatOf,
  type FormatContext,
} from './fieldFormats';
import { ENTITY_RESOURCES, HIDDEN_FIELDS, KNOWN_TYPES, entryChanges } from './types';

const ROOT = join(__dirname, '..', '..', '..');

/** Events whose `changed` is an open record: the fields it can hold are those of a form's input. */
const OPEN_CHANGES: Record<string, string> = {
  VatSettingsChanged: 'VatSettingsInput',
  GeneralSettingsChanged: 'GeneralSettingsInput',
  InvoiceSettingsChanged: 'InvoiceSettingsInput',
  NotificationSettingsChanged: 'NotificationSettingsInput',
  OnlineSettingsChanged: 'OnlineSettingsInput',
  OfferChanged: 'OfferDetails',
  PackageChanged: 'PackageDetails',
  RoleChanged: 'RoleInput',
  ProfileChanged: 'ProfileInput',
  EmployeeChanged: 'EmployeeDetails',
  ProductChanged: 'ProductDetails',
  ServiceChanged: 'ServiceDetails',
  CancellationReasonChanged: 'CancellationReasonNames',
};

type Field = { name: string; type: ts.Type };
type EventShape = { type: string; fields: Field[] };

const readEvents = () => {
  const program = ts.createProgram(
    [join(ROOT, 'contracts/src/index.ts'), join(ROOT, 'command-api/src/index.ts')],
    { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, skipLibCheck: true },
  );
  const checker = program.getTypeChecker();
  const ours = (file: string) => file.includes('/contracts/src/') || file.includes('/command-api/src/');
  const named = new Map<string, ts.Type>();
  const events = new Map<string, EventShape>();
  const propsOf = (type: ts.Type): Field[] =>
    checker.getPropertiesOfType(checker.getNonNullableType(type)).map((p) => ({
      name: p.name,
      type: checker.getNonNullableType(checker.getTypeOfSymbol(p)),
    }));
  for (const file of program.getSourceFiles()) {
    if (!ours(file.fileName)) continue;
    ts.forEachChild(file, (node) => {
      if (!ts.isTypeAliasDeclaration(node) && !ts.isInterfaceDeclaration(node)) return;
      const whole = checker.getTypeAtLocation(node.name);
      named.set(node.name.text, whole);
      for (const member of whole.isUnion() ? whole.types : [whole]) {
        const typeProp = member.getProperty('type');
        const dataProp = member.getProperty('data');
        if (!typeProp || !dataProp) continue;
        const literal = checker.getTypeOfSymbol(typeProp);
        const names = (literal.isUnion() ? literal.types : [literal])
          .filter((t) => t.isStringLiteral())
          .map((t) => (t as ts.StringLiteralType).value);
        const fields = propsOf(checker.getTypeOfSymbol(dataProp));
        for (const type of names) events.set(type, { type, fields });
      }
    });
  }
  // `changed`/`previous` hold the fields that changed: list those instead
  for (const event of events.values()) {
    const changed = event.fields.find((f) => f.name === 'changed');
    if (!changed) continue;
    const inner = propsOf(changed.type);
    const open = OPEN_CHANGES[event.type];
    const fields = inner.length > 0 ? inner : open && named.get(open) ? propsOf(named.get(open)!) : [];
    event.fields = [...event.fields.filter((f) => f.name !== 'changed' && f.name !== 'previous'), ...fields];
  }
  return { checker, events };
};

const { checker, events: all } = readEvents();
/** The events the audit log shows (bookkeeping such as unique-value claims and day books is left out). */
const events = new Map([...all].filter(([type]) => (KNOWN_TYPES as readonly string[]).includes(type)));
/** `unknown` (which becomes `{}` once null is taken out): a type that says nothing of its values. */
const isOpaque = (type: ts.Type) =>
  (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) !== 0 ||
  (type.flags === ts.TypeFlags.Object &&
    checker.getPropertiesOfType(type).length === 0 &&
    !checker.isArrayType(type));
/** A field declared `unknown` in one event (a customer's changed details) has its type in another. */
const typeOfField = new Map<string, ts.Type>();
for (const event of events.values())
  for (const field of event.fields)
    if (!isOpaque(field.type) && !typeOfField.has(field.name)) typeOfField.set(field.name, field.type);

/** A value of a declared type, as an event would carry it. */
const sampleOf = (name: string, type: ts.Type, depth = 0): unknown => {
  if (depth > 4) return null;
  if (isOpaque(type)) {
    const known = typeOfField.get(name);
    return known ? sampleOf(name, known, depth + 1) : `${name} text`;
  }
  if (type.isUnion()) {
    const literal = type.types.find((t) => t.isLiteral());
    if (literal) return (literal as ts.LiteralType).value;
    return sampleOf(name, type.types[0], depth);
  }
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLike) return true;
  if (type.flags & ts.TypeFlags.NumberLike) return /cost|price|salary|total|balance/.test(name) ? 123450 : 2;
  if (type.flags & ts.TypeFlags.StringLike) {
    if (/date|expiry/.test(name)) return '2026-11-24';
    if (/_at$|^from$|^to$|^start$|^end$/.test(name)) return '2026-11-24T07:15:00.000Z';
    return `${name} text`;
  }
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    return name === 'days' || name === 'working_hours' || name === 'previous'
      ? [0, 1, 2, 3, 4, 5, 6].map((d) => (d === 5 ? { is_open: false } : sampleOf(name, element, depth + 1)))
      : [sampleOf(name, element, depth + 1)];
  }
  if (type.flags & ts.TypeFlags.Object) {
    const props = checker.getPropertiesOfType(type);
    if (props.length === 0) return { anything: 1 };
    return Object.fromEntries(
      props.map((p) => [
        p.name,
        p.name === 'from' || p.name === 'to'
          ? p.name === 'from'
            ? '10:00'
            : '22:00'
          : sampleOf(p.name, checker.getNonNullableType(checker.getTypeOfSymbol(p)), depth + 1),
      ]),
    );
  }
  return `${name} value`;
};

const labelled = (messages: typeof enMessages, field: string) =>
  typeof lookup(messages, `app.audit.fields.${field}`) === 'string' ||
  Object.values(ENTITY_RESOURCES).some(
    (resource) => typeof lookup(messages, `resources.${resource}.fields.${field}`) === 'string',
  );

const hasFormat = (field: string) =>
  FIELD_FORMATS[field] !== undefined ||
  Object.values(ENTITY_FIELD_FORMATS).some((formats) => formats[field] !== undefined);

describe('the audit log reads every event', () => {
  // `previous` beside a list is that list before the change (entryChanges shows it so)
  const shown = (event: EventShape) =>
    event.fields.filter((f) => !HIDDEN_FIELDS.has(f.name) && f.name !== 'previous');

  it('finds the events of the whole product in their types', () => {
    const missing = KNOWN_TYPES.filter((type) => !events.has(type));
    expect(missing).toEqual([]);
  });

  it('has a label in both languages and a formatter for every field of every event', () => {
    const problems: string[] = [];
    for (const event of events.values())
      for (const { name } of shown(event)) {
        if (!hasFormat(name)) problems.push(`${event.type}.${name}: no formatter`);
        if (!labelled(enMessages, name)) problems.push(`${event.type}.${name}: no English label`);
        if (!labelled(arMessages, name)) problems.push(`${event.type}.${name}: no Arabic label`);
      }
    expect([...new Set(problems)].sort()).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('renders each event once in %s as words, never as code', (language) => {
    const { translate } = createI18nProvider(language, language === 'en' ? enMessages : arMessages);
    const ctx: FormatContext = {
      language,
      timeZone: 'Asia/Riyadh',
      currency: 'SAR',
      translate: (key, options) => translate(key, options),
      menuName: () => 'Haircut',
      employeeName: () => 'Noura',
      roleName: () => 'Receptionist',
      nationalityName: () => 'Saudi',
    };
    const problems: string[] = [];
    for (const event of events.values()) {
      const sample = Object.fromEntries(event.fields.map((f) => [f.name, sampleOf(f.name, f.type)]));
      const { changed, previous } = entryChanges({ changed: sample, previous: {} });
      for (const [field, value] of [...Object.entries(changed), ...Object.entries(previous)]) {
        if (HIDDEN_FIELDS.has(field)) continue;
        const entity = Object.keys(ENTITY_FIELD_FORMATS).find((e) => ENTITY_FIELD_FORMATS[e][field]);
        const format = (entity && ENTITY_FIELD_FORMATS[entity][field]) || FIELD_FORMATS[field];
        const text = formatFieldValue(format, value, ctx);
        if (/\[object |[{}]|undefined|NaN|^(app|codes|resources|ra)\.[a-z_.]+$/.test(text) || text === '')
          problems.push(`${event.type}.${field} = ${JSON.stringify(value)} → ${text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(['en', 'ar'] as const)(
    "says the authority's answer to an e-invoice in %s words: its status and the field's name",
    (language) => {
      const messages = language === 'en' ? enMessages : arMessages;
      const { translate } = createI18nProvider(language, messages);
      const ctx: FormatContext = {
        language,
        timeZone: 'Asia/Riyadh',
        currency: 'SAR',
        translate: (key, options) => translate(key, options),
      };
      // an e-invoice's stream has no screen of its own: its fields take the audit log's common labels
      expect(ENTITY_RESOURCES.einvoice).toBeUndefined();
      const label = lookup(messages, 'app.audit.fields.status');
      expect(typeof label).toBe('string');
      for (const status of ['REPORTED', 'CLEARED']) {
        const text = formatFieldValue(ENTITY_FIELD_FORMATS.einvoice.status, status, ctx);
        expect(text).not.toMatch(/REPORTED|CLEARED|app\./);
        if (language === 'ar') expect(`${String(label)} ${text}`).not.toMatch(/[A-Za-z]/);
      }
    },
  );

  it('names a journal line’s account from the salon’s chart: its own account too, in the page’s language', () => {
    const { translate } = createI18nProvider('ar', arMessages);
    const ctx: FormatContext = {
      language: 'ar',
      timeZone: 'Asia/Riyadh',
      currency: 'SAR',
      translate: (key, options) => translate(key, options),
      account: (code) =>
        code === '6107' ? { code: '6107', name_en: 'Marketing', name_ar: 'التسويق' } : undefined,
    };
    const text = formatFieldValue(
      'journalLines',
      [
        { account: '6107', debit: 20000, credit: 0 },
        { account: '1101', debit: 0, credit: 20000 },
      ],
      ctx,
    );
    expect(text).toContain('6107 التسويق');
    // the default chart's own name when the salon's chart does not say otherwise
    expect(text).toContain('1101 الصندوق');
  });

  it('shows money in the currency, a week as days and hours, and the lines of a visit', () => {
    const { translate } = createI18nProvider('en', enMessages);
    const ctx: FormatContext = {
      language: 'en',
      timeZone: 'Asia/Riyadh',
      currency: 'SAR',
      translate: (key, options) => translate(key, options),
      employeeName: (id) => (id === 'e1' ? 'Noura' : undefined),
    };
    expect(formatFieldValue(FIELD_FORMATS.salary, 380000, ctx)).toBe('SAR 3,800.00');
    expect(formatFieldValue(FIELD_FORMATS.operation, 4, ctx)).not.toMatch(/^4$|operation/);
    expect(formatFieldValue(FIELD_FORMATS.vat_type, 1, ctx)).toBe(translate('codes.vatType.standard'));
    expect(formatFieldValue(FIELD_FORMATS.holidays, [5], ctx)).toBe(translate('codes.weekday.friday'));
    const week = formatFieldValue(
      FIELD_FORMATS.working_hours,
      [0, 1, 2, 3, 4, 5, 6].map((d) =>
        d === 5 ? { is_open: false } : { is_open: true, from: '16:00', to: '02:00' },
      ),
      ctx,
    );
    expect(week).toContain('04:00 PM–02:00 AM');
    expect(week).toContain(`${translate('codes.weekday.friday')}: Closed`);
    const lines = formatFieldValue(
      FIELD_FORMATS.lines,
      [
        {
          service_name_en: 'Haircut',
          employee_id: 'e1',
          start: '2026-11-24T07:00:00Z',
          end: '2026-11-24T07:45:00Z',
        },
      ],
      ctx,
    );
    expect(lines).toBe('Haircut with Noura, 2026-11-24 10:00 AM–10:45 AM');
  });

  it('reads a reason the server recorded as a message key as its message, in both languages', () => {
    for (const [language, messages] of [
      ['en', enMessages],
      ['ar', arMessages],
    ] as const) {
      const { translate } = createI18nProvider(language, messages);
      const ctx: FormatContext = {
        language,
        timeZone: 'Asia/Riyadh',
        currency: 'SAR',
        translate: (key, options) => translate(key, options),
        employeeName: () => undefined,
      };
      const format = ENTITY_FIELD_FORMATS['gateway-payment']?.reason;
      const shown = formatFieldValue(format, 'customer_offers.not_for_sale', ctx);
      expect(shown).toBe(translate('customer_offers.not_for_sale'));
      expect(shown).not.toContain('customer_offers');
      // and where the reason is words (the salon's, usually), a key among them still reads as its message
      expect(formatFieldValue('text', 'customer_offers.not_for_sale', ctx)).toBe(shown);
      expect(formatFieldValue('text', 'Moved to Sunday.', ctx)).toBe('Moved to Sunday.');
      // a paid purchase not handed over records the refusal's key as `refusal`
      expect(
        formatFieldValue(formatOf('gateway-payment', 'refusal'), 'customer_offers.not_for_sale', ctx),
      ).toBe(shown);
      // a reason of the choices is still that choice
      expect(formatFieldValue(format, 'declined', ctx)).toBe(
        translate('app.audit.values.gateway_failure.declined'),
      );
    }
  });
});
