export * from './nationalities';
