export { renderContractPdf, type ContractPdfInput } from './render';
