import type { ReactNode } from 'react';
import {
  ArrayInput,
  BooleanInput,
  DataTable,
  Edit,
  List,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  required,
} from 'react-admin';
import { useTranslate, type RaRecord } from 'ra-core';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { ResponsiveDataTable } from '../layout/ResponsiveDataTable';
import { WEBSITE } from './websitePaths';
import { inArabic, inEnglish } from '../forms/directions';

/**
 * The public website's settings (doc1 §2 manager `website-setting/*` and `seo-setting/*`): each section
 * one record of its own (its id the section's name), each page's SEO, the SEO report and the visitors'
 * messages. The website is written from these on each request: nothing to regenerate after a save.
 */
const ltr = { htmlInput: { dir: 'ltr' } };
const label = (field: string) => `app.manager.website.fields.${field}`;

const Hint = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {translate(text)}
    </Typography>
  );
};

/** A setting is saved, never deleted: the toolbar has Save alone. */
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

const SectionEdit = ({ resource, id, children }: { resource: string; id: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Edit
      id={id}
      resource={resource}
      redirect={false}
      mutationMode="pessimistic"
      title={translate(`resources.${resource}.name`, { smart_count: 1 })}
    >
      <SimpleForm sx={{ maxWidth: 760 }} toolbar={<SaveOnly />}>
        {children}
      </SimpleForm>
    </Edit>
  );
};

/** A text's English and Arabic forms, each typed in its own direction (`labelOf` names their labels). */
const Pair = ({
  source,
  multiline,
  required: needed,
  labelOf = source,
}: {
  source: string;
  multiline?: number;
  required?: boolean;
  labelOf?: string;
}) => (
  <>
    {(['en', 'ar'] as const).map((lang) => (
      <TextInput
        key={lang}
        source={`${source}_${lang}`}
        label={label(`${labelOf}_${lang}`)}
        validate={needed ? required() : undefined}
        fullWidth
        multiline={!!multiline}
        minRows={multiline}
        slotProps={lang === 'en' ? inEnglish : inArabic}
      />
    ))}
  </>
);

const CURRENCIES = ['SAR', 'AED', 'KWD', 'OMR', 'BHD'].map((id) => ({ id, name: id }));

/** `website-setting/website-setting`: the home page's words, the features, contact details and the plans. */
export const WebsiteTextsEdit = () => (
  <SectionEdit resource={WEBSITE.texts} id="texts">
    <Pair source="hero_title" />
    <Pair source="hero_subtitle" multiline={2} />
    <Hint text="app.manager.website.features_hint" />
    <Pair source="features" multiline={6} />
    <TextInput source="contact_email" label={label('contact_email')} fullWidth slotProps={ltr} />
    <TextInput source="contact_phone" label={label('contact_phone')} fullWidth slotProps={ltr} />
    <Pair source="address" />
    <Hint text="app.manager.website.plans_hint" />
    <ArrayInput source="plans" label={label('plans')}>
      <SimpleFormIterator fullWidth>
        <Pair source="name" required />
        <Stack direction="row" spacing={2} sx={{ width: '100%' }}>
          <TextInput
            source="price"
            label={label('price')}
            validate={required()}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
          />
          <SelectInput source="currency" label={label('currency')} choices={CURRENCIES} defaultValue="SAR" />
        </Stack>
        <Pair source="features" labelOf="plan_features" multiline={3} />
        <BooleanInput source="highlighted" label={label('highlighted')} />
      </SimpleFormIterator>
    </ArrayInput>
  </SectionEdit>
);

const Legal = ({ resource, id }: { resource: string; id: 'terms' | 'privacy' }) => (
  <SectionEdit resource={resource} id={id}>
    <Hint text="app.manager.website.paragraphs_hint" />
    <Pair source={id} multiline={12} />
  </SectionEdit>
);
/** `website-setting/terms-and-conditions` */
export const WebsiteTermsEdit = () => <Legal resource={WEBSITE.terms} id="terms" />;
/** `website-setting/privacy-policy` */
export const WebsitePrivacyEdit = () => <Legal resource={WEBSITE.privacy} id="privacy" />;

/** `website-setting/frequent-asked-questions`: the questions and answers, in the order given. */
export const WebsiteFaqEdit = () => (
  <SectionEdit resource={WEBSITE.faq} id="faq">
    <ArrayInput source="faq" label={label('faq')}>
      <SimpleFormIterator fullWidth>
        <Pair source="question" required />
        <Pair source="answer" multiline={1} required />
        <NumberInput source="order" label={label('order')} min={0} max={1000} step={1} />
      </SimpleFormIterator>
    </ArrayInput>
  </SectionEdit>
);

const SOCIAL = ['instagram', 'x', 'snapchat', 'tiktok', 'linkedin', 'youtube', 'whatsapp'];
/** `website-setting/setting/social-media-setting`: the footer's links. */
export const WebsiteSocialEdit = () => (
  <SectionEdit resource={WEBSITE.social} id="social">
    <Hint text="app.manager.website.https_hint" />
    {SOCIAL.map((s) => (
      <TextInput key={s} source={s} label={label(s)} fullWidth slotProps={ltr} />
    ))}
  </SectionEdit>
);

/** `seo-setting/default-seo-records`: the site's name, description and sharing image. */
export const SeoDefaultsEdit = () => (
  <SectionEdit resource={WEBSITE.seoDefaults} id="seo_defaults">
    <Pair source="site_name" />
    <Pair source="default_description" multiline={2} />
    <TextInput source="default_og_image" label={label('default_og_image')} fullWidth slotProps={ltr} />
  </SectionEdit>
);

/** `seo-setting/google-analytics`: the measurement id every page loads Google's tag with. */
export const GoogleAnalyticsEdit = () => (
  <SectionEdit resource={WEBSITE.analytics} id="analytics">
    <Hint text="app.manager.website.analytics_hint" />
    <TextInput source="google_analytics_id" label={label('google_analytics_id')} fullWidth slotProps={ltr} />
  </SectionEdit>
);

/** `seo-setting/redirects`: an old address of the site sent on to a new one. */
export const RedirectsEdit = () => (
  <SectionEdit resource={WEBSITE.redirects} id="redirects">
    <Hint text="app.manager.website.redirects_hint" />
    <ArrayInput source="redirects" label={label('redirects')}>
      <SimpleFormIterator fullWidth>
        <TextInput source="from" label={label('from')} validate={required()} fullWidth slotProps={ltr} />
        <TextInput source="to" label={label('to')} validate={required()} fullWidth slotProps={ltr} />
        <SelectInput
          source="status"
          label={label('status')}
          defaultValue={301}
          choices={[
            { id: 301, name: 'app.manager.website.permanent' },
            { id: 302, name: 'app.manager.website.temporary' },
          ]}
        />
      </SimpleFormIterator>
    </ArrayInput>
  </SectionEdit>
);

type SeoPage = RaRecord & { path: string; title_en: string; title_ar: string };

const PageName = ({ page }: { page: string }) => {
  const translate = useTranslate();
  return <>{translate(`app.manager.website.pages.${page}`)}</>;
};

/** `seo-setting/seo-page-details`: each page of the website and the title the manager gave it. */
export const SeoPageList = () => {
  const translate = useTranslate();
  return (
    <List
      resource={WEBSITE.seoPages}
      title={translate(`resources.${WEBSITE.seoPages}.name`, { smart_count: 2 })}
      exporter={false}
      pagination={false}
      perPage={50}
      actions={false}
    >
      <ResponsiveDataTable<SeoPage>
        primaryText={(p) => <PageName page={String(p.id)} />}
        secondaryText={(p) => <bdi dir="ltr">{p.path}</bdi>}
        bulkActionButtons={false}
        rowClick="edit"
      >
        <DataTable.Col source="id" disableSort render={(p: SeoPage) => <PageName page={String(p.id)} />} />
        <DataTable.Col source="path" disableSort render={(p: SeoPage) => <bdi dir="ltr">{p.path}</bdi>} />
        <DataTable.Col source="title_en" disableSort />
        <DataTable.Col source="title_ar" disableSort />
      </ResponsiveDataTable>
    </List>
  );
};

/** `seo-setting/seo-page-details/{id}`: one page's title, description and sharing preview per language. */
export const SeoPageEdit = () => {
  const translate = useTranslate();
  return (
    <Edit
      resource={WEBSITE.seoPages}
      redirect="list"
      mutationMode="pessimistic"
      title={translate(`resources.${WEBSITE.seoPages}.name`, { smart_count: 1 })}
    >
      <SimpleForm sx={{ maxWidth: 760 }} toolbar={<SaveOnly />}>
        <Hint text="app.manager.website.seo_hint" />
        <Pair source="title" />
        <Pair source="description" multiline={2} />
        <Pair source="og_title" />
        <Pair source="og_description" multiline={2} />
        <TextInput source="og_image" label={label('og_image')} fullWidth slotProps={ltr} />
      </SimpleForm>
    </Edit>
  );
};

type ReportRow = RaRecord & {
  page: string;
  language: 'en' | 'ar';
  title: string;
  title_length: number;
  description_length: number;
  problems: string[];
  status: 'ok' | 'warning';
};

const Problems = ({ r }: { r: ReportRow }) => {
  const translate = useTranslate();
  if (!r.problems.length)
    return (
      <Chip size="small" color="success" variant="outlined" label={translate('app.manager.website.seo_ok')} />
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {r.problems.map((p) => (
        <Chip
          key={p}
          size="small"
          color="warning"
          variant="outlined"
          label={translate(`app.manager.website.problems.${p}`)}
        />
      ))}
    </Stack>
  );
};

/** `seo-setting/seo-report`: each page in each language, what a search engine would find wrong. */
export const SeoReportList = () => {
  const translate = useTranslate();
  const language = (r: ReportRow) => translate(`app.manager.website.language_${r.language}`);
  return (
    <List
      resource={WEBSITE.seoReport}
      title={translate(`resources.${WEBSITE.seoReport}.name`, { smart_count: 2 })}
      exporter={false}
      pagination={false}
      perPage={100}
      actions={false}
    >
      <ResponsiveDataTable<ReportRow>
        primaryText={(r) => (
          <span>
            <PageName page={r.page} /> · {language(r)}
          </span>
        )}
        secondaryText={(r) => <Problems r={r} />}
        bulkActionButtons={false}
        rowClick={false}
      >
        <DataTable.Col source="page" disableSort render={(r: ReportRow) => <PageName page={r.page} />} />
        <DataTable.Col source="language" disableSort render={language} />
        <DataTable.Col source="title" disableSort render={(r: ReportRow) => <bdi>{r.title}</bdi>} />
        <DataTable.NumberCol source="title_length" disableSort />
        <DataTable.NumberCol source="description_length" disableSort />
        <DataTable.Col source="problems" disableSort render={(r: ReportRow) => <Problems r={r} />} />
      </ResponsiveDataTable>
    </List>
  );
};

type ContactMessage = RaRecord & {
  name: string;
  email: string;
  mobile?: string;
  subject?: string;
  message: string;
  received_at: string;
};

/** `website-setting/contact-messages`: what visitors wrote from the contact-us page, newest first. */
export const ContactMessageList = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return (
    <List
      resource={WEBSITE.messages}
      title={translate(`resources.${WEBSITE.messages}.name`, { smart_count: 2 })}
      sort={{ field: 'received_at', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
    >
      <ResponsiveDataTable<ContactMessage>
        primaryText={(m) => (
          <span>
            <bdi>{m.name}</bdi> · <bdi dir="ltr">{m.email}</bdi>
          </span>
        )}
        secondaryText={(m) => (
          <span>
            <bdi>{dateTime(m.received_at)}</bdi>
            <br />
            <bdi>{m.subject ? `${m.subject}: ` : ''}</bdi>
            <bdi>{m.message}</bdi>
          </span>
        )}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="contact-messages-empty">
            {translate('app.manager.website.no_messages')}
          </Typography>
        }
      >
        <DataTable.Col
          source="received_at"
          render={(m: ContactMessage) => <bdi>{dateTime(m.received_at)}</bdi>}
        />
        <DataTable.Col source="name" disableSort render={(m: ContactMessage) => <bdi>{m.name}</bdi>} />
        <DataTable.Col
          source="email"
          disableSort
          render={(m: ContactMessage) => (
            <a href={`mailto:${m.email}`} dir="ltr">
              {m.email}
            </a>
          )}
        />
        <DataTable.Col
          source="mobile"
          disableSort
          render={(m: ContactMessage) => <bdi dir="ltr">{m.mobile ?? ''}</bdi>}
        />
        <DataTable.Col
          source="subject"
          disableSort
          render={(m: ContactMessage) => <bdi>{m.subject ?? ''}</bdi>}
        />
        <DataTable.Col
          source="message"
          disableSort
          render={(m: ContactMessage) => <bdi style={{ whiteSpace: 'pre-wrap' }}>{m.message}</bdi>}
        />
      </ResponsiveDataTable>
    </List>
  );
};
