export const CAMPAIGNS = 'ads-campaigns';
