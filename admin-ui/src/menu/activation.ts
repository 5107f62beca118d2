/** What the activate screens send: only what the user switched, in one request. */
export type ActivationChange = { activate: string[]; deactivate: string[] };

export const activationChange = (
  items: readonly { id: string; status: number }[],
  wanted: Readonly<Record<string, boolean>>,
): ActivationChange => {
  const activate: string[] = [];
  const deactivate: string[] = [];
  for (const item of items) {
    const on = wanted[item.id];
    if (on === undefined) continue;
    if (on && item.status !== 1) activate.push(item.id);
    if (!on && item.status === 1) deactivate.push(item.id);
  }
  return { activate, deactivate };
};

export const changeCount = (change: ActivationChange) => change.activate.length + change.deactivate.length;
