/** Stock just moved in this tab: the bell looks again at once instead of at its next poll. */
const target = new EventTarget();

export const stockChanged = () => target.dispatchEvent(new Event('stock-changed'));

export const onStockChanged = (listener: () => void) => {
  target.addEventListener('stock-changed', listener);
  return () => target.removeEventListener('stock-changed', listener);
};
