import type * as Render from './render';

export type { ContractPdfInput } from './render';

/** A signed contract's PDF (./render), loaded at the first one: pdf-lib and fontkit are heavy to load. */
export const renderContractPdf = async (
  ...args: Parameters<typeof Render.renderContractPdf>
): ReturnType<typeof Render.renderContractPdf> => (await import('./render')).renderContractPdf(...args);
