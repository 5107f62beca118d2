import { WIZARD_STEPS, WIZARD_WEIGHTS, wizardProgress, type WizardStep } from '@rawnaq/contracts';

export type StepStatus = 'completed' | 'current' | 'pending';

/** What `GET wizard` answers (docs/api.md). */
export type WizardAnswer = {
  steps: { step: WizardStep; status: StepStatus }[];
  progress: number;
  wizard_progress: string[];
};

export type StepperStep = {
  step: WizardStep;
  index: number;
  weight: number;
  status: StepStatus;
  /** The step on screen (the current one, unless the owner went back to another one). */
  open: boolean;
};

export type StepperState = {
  steps: StepperStep[];
  progress: number;
  finished: boolean;
  open: WizardStep | null;
};

/**
 * The stepper of doc1 "Screen behaviours" from the wizard's answer: every step in the spec's order,
 * completed / current / pending as the server says, the weighted progress of doc2 §9, and which step
 * is on screen (the one chosen, else the current one).
 */
export const stepperState = (
  answer: Pick<WizardAnswer, 'wizard_progress'> & Partial<WizardAnswer>,
  chosen?: WizardStep | null,
  /** the salon's steps (`wizardStepsOf` its country: a Saudi salon's has e-invoicing) */
  all: readonly WizardStep[] = WIZARD_STEPS,
): StepperState => {
  const done = answer.wizard_progress ?? [];
  const current = all.find((step) => !done.includes(step)) ?? null;
  const statusOf = (step: WizardStep): StepStatus =>
    answer.steps?.find((s) => s.step === step)?.status ??
    (done.includes(step) ? 'completed' : step === current ? 'current' : 'pending');
  const open = chosen ?? current;
  return {
    steps: all.map((step, index) => ({
      step,
      index,
      weight: WIZARD_WEIGHTS[step],
      status: statusOf(step),
      open: step === open,
    })),
    progress: answer.progress ?? wizardProgress(done),
    finished: current === null,
    open,
  };
};

/** The step to show after `saved` was recorded: the first one still to do, or null when all are done. */
export const stepAfter = (
  done: readonly string[],
  saved: WizardStep,
  all: readonly WizardStep[] = WIZARD_STEPS,
): WizardStep | null => {
  const now = done.includes(saved) ? done : [...done, saved];
  const from = all.indexOf(saved);
  // Forward first (the owner's reading order), then any earlier step left behind.
  return (
    all.slice(from + 1).find((step) => !now.includes(step)) ?? all.find((step) => !now.includes(step)) ?? null
  );
};

/** Whether an owner may open a step: a finished one again, or the current one; not one further ahead. */
export const canOpen = (state: StepperState, step: WizardStep) =>
  state.steps.find((s) => s.step === step)?.status !== 'pending';
