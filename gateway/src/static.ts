import express from 'express';
import { jsonLogger } from '@rawnaq/platform';
import { uiFiles } from './app';

/** The UIs' files only (the scale-out topology puts the APIs behind their own services). */
const app = express();
app.disable('x-powered-by');
app.use(uiFiles());
const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => jsonLogger.info('web files listening', { port }));
