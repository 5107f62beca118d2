/**
 * Validation of a UBL document the way the Fatoora SDK does it: (a) the UBL 2.1 Invoice XSD through
 * xmllint-wasm (libxml2 compiled to WebAssembly: no apt package needed), (b) ZATCA's two compiled
 * Schematron files (EN 16931 + BR-KSA rules) through SaxonJS.
 *
 * SaxonJS runs XSLT compiled to SEF JSON. Compiling each XSL with xslt3 takes 10-15 s, so it is
 * done once: on first use when the SEF file is missing, into a cache directory outside git
 * (default node_modules/.cache/rawnaq-zatca-sef, or $ZATCA_SEF_CACHE_DIR), keyed by the XSL's
 * SHA-256 and the SaxonJS version, written atomically so parallel processes can share it. Within a
 * process the parsed SEF is kept in memory; afterwards one document takes a few hundred ms.
 *
 * Rules such as BR-KSA-04 ("issued no later than today") compare with SaxonJS's `current-date()`,
 * which is today in this process's time zone. The authority judges in Riyadh's: `ValidationThread`
 * runs these rules in a process on that clock (TZ=Asia/Riyadh); use it for documents of today.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { unescapeXml } from './xml-text';

export interface RuleViolation {
  /** rule id (BR-KSA-..., BR-..., or XSD for schema errors) */
  id: string;
  text: string;
  location: string;
  /** schematron: which file raised it */
  source: 'xsd' | 'zatca' | 'en16931';
}

export interface ValidationResult {
  errors: RuleViolation[];
  warnings: RuleViolation[];
}

export interface ValidateOptions {
  /** directory holding xsd/ and schematron/ (default: platform/zatca-data, or $ZATCA_SHARED_DIR) */
  zatcaDir?: string;
  /** skip the XSD or the Schematron part */
  xsd?: boolean;
  schematron?: boolean;
}

export const SCHEMATRON_FILES = {
  zatca: '20210819_ZATCA_E-invoice_Validation_Rules.xsl',
  en16931: 'CEN-EN16931-UBL.xsl',
} as const;

export function defaultZatcaDir(): string {
  return process.env.ZATCA_SHARED_DIR ?? path.resolve(__dirname, '../../zatca-data');
}

function sefCacheDir(): string {
  return (
    process.env.ZATCA_SEF_CACHE_DIR ??
    path.resolve(__dirname, '../../../node_modules/.cache/rawnaq-zatca-sef')
  );
}

type Saxon = { transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string } };
let saxon: Saxon | undefined;
/** SaxonJS is loaded on first use only (it is large; services importing the platform do not pay for it). */
function saxonJs(): Saxon {
  // saxon-js has no type declarations
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  saxon ??= require('saxon-js') as Saxon;
  return saxon;
}
function saxonVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('saxon-js/package.json') as { version: string }).version;
}

const sefCache = new Map<string, Promise<unknown>>();

/** The compiled stylesheet of one Schematron XSL: from memory, the SEF cache, or compiled now. */
export function compiledSchematron(xslPath: string): Promise<unknown> {
  let hit = sefCache.get(xslPath);
  if (!hit) {
    hit = loadOrCompile(xslPath);
    hit.catch(() => sefCache.delete(xslPath));
    sefCache.set(xslPath, hit);
  }
  return hit;
}

async function loadOrCompile(xslPath: string): Promise<unknown> {
  const digest = createHash('sha256').update(readFileSync(xslPath)).digest('hex').slice(0, 16);
  const dir = sefCacheDir();
  const file = path.join(dir, `${path.basename(xslPath, '.xsl')}-${digest}-saxon${saxonVersion()}.sef.json`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await promisify(execFile)(
      process.execPath,
      [require.resolve('xslt3/xslt3.js'), `-xsl:${xslPath}`, `-export:${tmp}`, '-nogo'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    renameSync(tmp, file);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

const FAILED_ASSERT = /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;

/** failed asserts of an SVRL report; flag fatal/error -> errors, warning (or anything else) -> warnings */
export function parseSvrl(svrl: string, source: RuleViolation['source']): ValidationResult {
  const out: ValidationResult = { errors: [], warnings: [] };
  for (const m of svrl.matchAll(FAILED_ASSERT)) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(ATTRIBUTE)) attrs[a[1]] = unescapeXml(a[2]);
    const text = unescapeXml(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '').trim();
    const id = attrs.id ?? /^\[([^\]]+)\]/.exec(text)?.[1] ?? 'unknown';
    const v: RuleViolation = { id, text, location: attrs.location ?? '', source };
    if (attrs.flag === 'fatal' || attrs.flag === 'error') out.errors.push(v);
    else out.warnings.push(v);
  }
  return out;
}

export async function runSchematron(
  xml: string,
  which: keyof typeof SCHEMATRON_FILES,
  zatcaDir = defaultZatcaDir(),
): Promise<ValidationResult> {
  const sef = await compiledSchematron(path.join(zatcaDir, 'schematron', SCHEMATRON_FILES[which]));
  const result = saxonJs().transform(
    { stylesheetInternal: sef, sourceText: xml, destination: 'serialized' },
    'sync',
  );
  return parseSvrl(result.principalResult, which);
}

type XmlLint = typeof import('xmllint-wasm');
let xmllint: Promise<XmlLint> | undefined;
const xsdCache = new Map<
  string,
  { schema: { fileName: string; contents: string }; preload: Array<{ fileName: string; contents: string }> }
>();

function xsdFiles(zatcaDir: string) {
  let hit = xsdCache.get(zatcaDir);
  if (!hit) {
    const base = path.join(zatcaDir, 'xsd', 'xsd');
    hit = {
      schema: {
        fileName: 'maindoc/UBL-Invoice-2.1.xsd',
        contents: readFileSync(path.join(base, 'maindoc', 'UBL-Invoice-2.1.xsd'), 'utf8'),
      },
      preload: readdirSync(path.join(base, 'common')).map((f) => ({
        fileName: `common/${f}`,
        contents: readFileSync(path.join(base, 'common', f), 'utf8'),
      })),
    };
    xsdCache.set(zatcaDir, hit);
  }
  return hit;
}

/**
 * The one schema error tolerated: libxml2 rejects a long decimal X509SerialNumber as xs:integer
 * (README); ZATCA's own certificates have 45-digit serials.
 */
export const TOLERATED_XSD_ERROR =
  /X509SerialNumber'?: '\d+' is not a valid value of the atomic type 'xs:integer'/;

type XsdCheck = (xml: string) => Array<{ message: string; line: number | null }>;
type Libxml2Wasm = {
  XmlDocument: {
    fromString(xml: string): { dispose(): void };
    fromBuffer(bytes: Uint8Array, options: { url: string }): { dispose(): void };
  };
  XsdValidator: { fromDoc(doc: unknown): { validate(doc: unknown): void } };
  XmlValidateError: new () => Error & { details: Array<{ message: string; line: number }> };
  XmlParseError: new () => Error & { details: Array<{ message: string; line: number }> };
  xmlRegisterInputProvider(provider: unknown): boolean;
};

/**
 * A real `import()`: TypeScript makes `require()` of one in CommonJS, and libxml2-wasm is an ES module
 * with top-level await, which `require()` cannot load. Refused where the module system gives no
 * dynamic import (jest's): xmllint-wasm validates there.
 */
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

const libxml2Checks = new Map<string, Promise<XsdCheck | null>>();
let providersRegistered = false;

/**
 * The UBL schema parsed once by libxml2 (libxml2-wasm), each document then checked against it in a few
 * milliseconds: xmllint-wasm starts a worker and parses all the UBL schemas again for every document
 * (~280 ms of the ~430 ms a document's rules took, which the simulator spent on each report). The same
 * libxml2 behind both; `null` where it cannot load (jest), and the documents go to xmllint-wasm.
 */
function libxml2Check(zatcaDir: string): Promise<XsdCheck | null> {
  let check = libxml2Checks.get(zatcaDir);
  if (!check) {
    check = (async () => {
      let lx: Libxml2Wasm;
      let providers: unknown;
      try {
        lx = (await importModule('libxml2-wasm')) as Libxml2Wasm;
        providers = ((await importModule('libxml2-wasm/lib/nodejs.mjs')) as { fsInputProviders: unknown })
          .fsInputProviders;
      } catch {
        return null;
      }
      // the schema's includes (the common components) read from its folder (one provider a process)
      providersRegistered ||= lx.xmlRegisterInputProvider(providers);
      const file = path.join(zatcaDir, 'xsd', 'xsd', 'maindoc', 'UBL-Invoice-2.1.xsd');
      const schema = lx.XmlDocument.fromBuffer(readFileSync(file), { url: file });
      const validator = lx.XsdValidator.fromDoc(schema);
      return (xml: string) => {
        let doc: { dispose(): void };
        try {
          doc = lx.XmlDocument.fromString(xml);
        } catch (error) {
          if (error instanceof lx.XmlParseError) return error.details;
          throw error;
        }
        try {
          validator.validate(doc);
          return [];
        } catch (error) {
          if (error instanceof lx.XmlValidateError) return error.details;
          throw error;
        } finally {
          doc.dispose();
        }
      };
    })();
    libxml2Checks.set(zatcaDir, check);
  }
  return check;
}

/** Which library checks documents against the schema in this process (the specs say). */
export async function xsdEngine(zatcaDir = defaultZatcaDir()): Promise<'libxml2-wasm' | 'xmllint-wasm'> {
  return (await libxml2Check(zatcaDir)) ? 'libxml2-wasm' : 'xmllint-wasm';
}

export async function runXsd(xml: string, zatcaDir = defaultZatcaDir()): Promise<RuleViolation[]> {
  const fast = await libxml2Check(zatcaDir);
  const found = fast ? fast(xml) : await xmllintCheck(xml, zatcaDir);
  return found
    .filter((e) => !TOLERATED_XSD_ERROR.test(e.message))
    .map((e) => ({
      id: 'XSD',
      text: e.message.trim(),
      location: e.line ? `line ${e.line}` : '',
      source: 'xsd' as const,
    }));
}

/** The same check through xmllint-wasm (a worker and the whole schema again for each document). */
async function xmllintCheck(xml: string, zatcaDir: string): Promise<ReturnType<XsdCheck>> {
  xmllint ??= import('xmllint-wasm');
  const { validateXML } = await xmllint;
  const { schema, preload } = xsdFiles(zatcaDir);
  const result = await validateXML({ xml: { fileName: 'document.xml', contents: xml }, schema, preload });
  return result.errors.map((e) => ({ message: e.message, line: e.loc?.lineNumber ?? null }));
}

/** XSD + both Schematron files; errors are what the authority would refuse, warnings what it accepts with remarks. */
export async function validateDocument(
  xml: string,
  options: ValidateOptions = {},
): Promise<ValidationResult> {
  const dir = options.zatcaDir ?? defaultZatcaDir();
  const out: ValidationResult = { errors: [], warnings: [] };
  if (options.xsd !== false) out.errors.push(...(await runXsd(xml, dir)));
  if (options.schematron !== false) {
    for (const which of ['en16931', 'zatca'] as const) {
      const r = await runSchematron(xml, which, dir);
      out.errors.push(...r.errors);
      out.warnings.push(...r.warnings);
    }
  }
  return out;
}
