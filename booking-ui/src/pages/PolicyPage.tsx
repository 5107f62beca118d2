import type { Locale } from '@rawnaq/contracts';
import type { OnlineSalon, Policies } from '../api';
import { Loadable, WithSalon } from '../components/States';
import { nameIn } from '../format';
import { useLoaded, usePageMeta, useT } from '../hooks';

type Kind = 'terms' | 'refund_policy';

const Policy = ({ locale, salon, kind }: { locale: Locale; salon: OnlineSalon; kind: Kind }) => {
  const t = useT(locale);
  const title = t(kind === 'terms' ? 'nav.terms' : 'nav.refund_policy');
  usePageMeta(locale, {
    page: kind === 'terms' ? 'terms-and-conditions' : 'refund-policy',
    name: nameIn(locale, salon),
  });
  const { state, retry } = useLoaded<Policies>(`salons/${encodeURIComponent(salon.alias)}/policies`);
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(policies) => {
        const [first, second] =
          locale === 'ar'
            ? [policies[`${kind}_ar`], policies[`${kind}_en`]]
            : [policies[`${kind}_en`], policies[`${kind}_ar`]];
        const text = first.trim() || second.trim();
        return (
          <section className="card" aria-labelledby="policy-title" data-testid="policy">
            <h1 id="policy-title">{title}</h1>
            {text ? <p className="policy-text">{text}</p> : <p className="muted">{t('policy.empty')}</p>}
          </section>
        );
      }}
    </Loadable>
  );
};

/** `terms-and-conditions` and `refund-policy`: as the salon wrote them in its online settings. */
export const PolicyPage = ({ locale, alias, kind }: { locale: Locale; alias: string; kind: Kind }) => (
  <WithSalon locale={locale} alias={alias}>
    {(salon) => <Policy locale={locale} salon={salon} kind={kind} />}
  </WithSalon>
);
