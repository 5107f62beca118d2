import type { Locale } from '@rawnaq/contracts';
import type { SalonContact as Contact } from '../api';
import { useT } from '../hooks';
import { PinIcon } from './icons';

/** The salon's address, phone and directions (a map), whichever it wrote; nothing when none. */
export const SalonContact = ({ locale, salon }: { locale: Locale; salon: Contact }) => {
  const t = useT(locale);
  const street = (
    locale === 'ar' ? salon.address_ar || salon.address_en : salon.address_en || salon.address_ar
  )?.trim();
  const city = (locale === 'ar' ? salon.city_ar || salon.city_en : salon.city_en || salon.city_ar)?.trim();
  // the street as written, then the city unless the street already names it
  const address = [street, city && !street?.includes(city) ? city : undefined]
    .filter(Boolean)
    .join(locale === 'ar' ? '، ' : ', ');
  if (!address && !salon.phone && !salon.map_url) return null;
  return (
    <div className="contact" data-testid="salon-contact">
      {address && (
        <p>
          <PinIcon />
          {address}
        </p>
      )}
      <div className="links">
        {salon.map_url && (
          <a
            className="button secondary"
            href={salon.map_url}
            target="_blank"
            rel="noreferrer"
            data-testid="directions"
          >
            {t('salon.directions')}
          </a>
        )}
        {salon.phone && (
          <a className="button secondary" href={`tel:${salon.phone}`} dir="ltr">
            {salon.phone}
          </a>
        )}
      </div>
    </div>
  );
};
