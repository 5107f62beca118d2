import { WIZARD_STEPS, wizardStepsOf } from '@rawnaq/contracts';
import { canOpen, stepAfter, stepperState } from './stepper';

describe('the setup wizard stepper', () => {
  it('starts an empty account at the first step, nothing done, every other step pending', () => {
    const state = stepperState({ wizard_progress: [] });
    expect(state.steps.map((s) => [s.step, s.status])).toEqual([
      ['general-informations', 'current'],
      ['vat', 'pending'],
      ['business-hours', 'pending'],
      ['employees', 'pending'],
      ['invoice-setting', 'pending'],
      ['activate-services', 'pending'],
    ]);
    expect(state.progress).toBe(0);
    expect(state.open).toBe('general-informations');
    expect(state.finished).toBe(false);
  });

  it('weighs the finished steps 20/10/15/20/15/20 and opens the first one left', () => {
    const state = stepperState({ wizard_progress: ['general-informations', 'vat', 'employees'] });
    expect(state.progress).toBe(50);
    expect(state.open).toBe('business-hours');
    expect(state.steps.find((s) => s.open)?.index).toBe(2);
    expect(state.steps.filter((s) => s.status === 'completed')).toHaveLength(3);
  });

  it("follows the server's statuses and progress when it sends them", () => {
    const state = stepperState({
      wizard_progress: ['general-informations'],
      progress: 20,
      steps: WIZARD_STEPS.map((step, i) => ({
        step,
        status: i === 0 ? 'completed' : i === 1 ? 'current' : 'pending',
      })),
    });
    expect(state.steps[1]).toMatchObject({ step: 'vat', status: 'current', open: true, weight: 10 });
    expect(state.progress).toBe(20);
  });

  it('lets the owner reopen a finished step but not jump ahead', () => {
    const state = stepperState({ wizard_progress: ['general-informations'] }, 'general-informations');
    expect(state.open).toBe('general-informations');
    expect(canOpen(state, 'general-informations')).toBe(true);
    expect(canOpen(state, 'vat')).toBe(true);
    expect(canOpen(state, 'employees')).toBe(false);
  });

  it('is finished at 100 %', () => {
    const state = stepperState({ wizard_progress: [...WIZARD_STEPS] });
    expect(state.progress).toBe(100);
    expect(state.finished).toBe(true);
    expect(state.open).toBeNull();
  });

  it('moves on to the next step still to do after a save, then back to any left behind, then none', () => {
    expect(stepAfter([], 'general-informations')).toBe('vat');
    expect(stepAfter(['general-informations', 'vat', 'business-hours'], 'vat')).toBe('employees');
    expect(stepAfter(['vat', 'business-hours', 'employees', 'invoice-setting'], 'activate-services')).toBe(
      'general-informations',
    );
    expect(stepAfter(WIZARD_STEPS.slice(0, 5), 'activate-services')).toBeNull();
  });

  it("gives a Saudi salon's wizard its e-invoicing step before the services, weighing nothing", () => {
    const saudi = wizardStepsOf(1);
    expect(saudi).toEqual([...WIZARD_STEPS.slice(0, 5), 'einvoicing', 'activate-services']);
    expect(wizardStepsOf(2)).toEqual(WIZARD_STEPS);
    const five = WIZARD_STEPS.slice(0, 5);
    const state = stepperState({ wizard_progress: [...five] }, null, saudi);
    expect(state.open).toBe('einvoicing');
    expect(state.progress).toBe(80);
    expect(stepAfter(five, 'invoice-setting', saudi)).toBe('einvoicing');
    expect(stepAfter([...five, 'einvoicing'], 'einvoicing', saudi)).toBe('activate-services');
    // six spec steps done but not e-invoicing: not finished, though at 100 %
    const rest = stepperState({ wizard_progress: [...WIZARD_STEPS] }, null, saudi);
    expect([rest.progress, rest.finished, rest.open]).toEqual([100, false, 'einvoicing']);
  });
});
