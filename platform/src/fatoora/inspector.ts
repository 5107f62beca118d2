import { inspectDocument } from '../zatca/inspect';
import type { ValidationResult } from '../zatca/validate';
import type { DocumentInspector } from './simulator';

/**
 * How much of the authority's checking the local simulator does: `full` (the default of the
 * product: XSD, both Schematron files, hash, signature, certificate, QR) or `signature` (hash,
 * signature, certificate and QR only, for test suites that issue hundreds of invoices and are not
 * about the business rules).
 */
export type SimulatorRules = 'full' | 'signature';

/**
 * The simulator's eyes: the ZATCA core's `inspectDocument`, its XSD and Schematron run by `validate`
 * (the simulator's child process) when the rules are `full`.
 */
export const zatcaInspector =
  (rules: SimulatorRules, validate?: (xml: string) => Promise<ValidationResult>): DocumentInspector =>
  (input) =>
    inspectDocument(input, { validate: rules === 'full' && validate ? validate : null });
