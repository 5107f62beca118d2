import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Language } from '../boot/routes';

/**
 * Arabic pages run every style through stylis-plugin-rtl, which mirrors physical properties (left and
 * right, paddings, margins) written by MUI and react-admin; our own code uses logical properties.
 */
export const createEmotionCache = (language: Language): EmotionCache =>
  language === 'ar'
    ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
    : createCache({ key: 'mui' });
