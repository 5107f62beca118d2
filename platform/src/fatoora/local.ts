import { join } from 'node:path';
import type { FatooraEnvironment } from './csr';
import { HttpFatoora } from './http-fatoora';
import { zatcaInspector, type SimulatorRules } from './inspector';
import type { Fatoora } from './port';
import { FatooraSimulator } from './simulator';
import { ValidationThread } from './validation-thread';
import { ZATCA_PIH_SEED } from '../zatca/chain';

export type FatooraChoice = {
  /** `simulator` (the default: a local Fatoora per environment) or `zatca` (the authority's API) */
  adapter: 'simulator' | 'zatca';
  /** where the simulators keep what they issued and received (':memory:' for none) */
  dataDir: string;
  rules: SimulatorRules;
  language?: 'en' | 'ar';
};

/**
 * The Fatoora adapters by environment: the authority's API, or a local simulator per environment
 * that the same HTTP adapter talks to through a fetch shim (so the adapter's code is what runs).
 */
export const fatooraAdapters = (choice: FatooraChoice) => {
  const made = new Map<FatooraEnvironment, { fatoora: Fatoora; simulator?: FatooraSimulator }>();
  let thread: ValidationThread | undefined;
  const fatooraFor = (environment: FatooraEnvironment): Fatoora => {
    let entry = made.get(environment);
    if (!entry) {
      if (choice.adapter === 'zatca') {
        entry = { fatoora: new HttpFatoora({ environment, language: choice.language, name: 'zatca' }) };
      } else {
        const simulator = new FatooraSimulator({
          environment,
          file:
            choice.dataDir === ':memory:'
              ? ':memory:'
              : join(choice.dataDir, `fatoora-simulator-${environment}.db`),
          pihSeed: ZATCA_PIH_SEED,
          inspect: zatcaInspector(choice.rules, (xml) => (thread ??= new ValidationThread()).validate(xml)),
        });
        entry = {
          simulator,
          fatoora: new HttpFatoora({
            environment,
            fetch: simulator.fetch(),
            name: 'simulator',
            language: choice.language,
          }),
        };
      }
      made.set(environment, entry);
    }
    return entry.fatoora;
  };
  return {
    fatooraFor,
    close: async () => {
      for (const e of made.values()) e.simulator?.close();
      made.clear();
      await thread?.close();
    },
  };
};
