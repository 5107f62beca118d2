import { PhoneNumberInput } from '../forms/PhoneNumberInput';
import { useMemo } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { codeOptions, generalSettingsInput, type GlobalInformation } from '@rawnaq/contracts';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { FormCell, FormSection } from '../forms/FormSection';
import { schemaValidator } from '../forms/schemaValidator';
import { useGlobalInformation, useGlobalInformationStore } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';
import { CityInput } from './CityInput';
import { LogoInput } from './LogoInput';
import { generalPayload, SETTINGS, SOCIAL_FIELDS } from './payloads';
import { SectionCard, SectionForm, combine, useRequired, type AfterSave } from './SettingsSection';

const ltr = { htmlInput: { dir: 'ltr' as const } };

/**
 * Who the salon is and how to reach it (`settings/general`). The country decides currency, decimals
 * and time zone: the server refuses to change it once prices exist (`settings.country_locked`).
 */
export const GeneralInfoSection = ({ onSaved, submitLabel }: AfterSave) => {
  const translate = useTranslate();
  const { language } = useArea();
  const information = useGlobalInformation<GlobalInformation>();
  const store = useGlobalInformationStore<GlobalInformation>();
  const countryId = information?.global_informations.account.country_id ?? 1;
  const required = useRequired(SETTINGS, ['name_en', 'name_ar']);
  const validate = useMemo(
    () => combine(schemaValidator(generalSettingsInput({ countryId }), SETTINGS, translate), required),
    [countryId, translate, required],
  );
  const names = language === 'ar' ? (['name_ar', 'name_en'] as const) : (['name_en', 'name_ar'] as const);
  const addresses =
    language === 'ar' ? (['address_ar', 'address_en'] as const) : (['address_en', 'address_ar'] as const);
  return (
    <SectionCard
      icon={<StorefrontIcon color="primary" />}
      title="app.settings.general.title"
      hint="app.settings.general.hint"
      testId="general-settings"
    >
      <SectionForm
        id="general"
        validate={validate}
        payload={generalPayload}
        submitLabel={submitLabel}
        onSaved={async () => {
          // the salon's names and country are in the global information (app bar, currency)
          await store.refresh();
          await onSaved?.();
        }}
      >
        {(readOnly) => (
          <>
            <FormSection title="app.settings.general.identity">
              {names.map((source) => (
                <FormCell key={source}>
                  <TextInput
                    source={source}
                    isRequired
                    readOnly={readOnly}
                    fullWidth
                    slotProps={{ htmlInput: { dir: source.endsWith('ar') ? 'rtl' : 'ltr' } }}
                  />
                </FormCell>
              ))}
              <FormCell>
                <SelectInput
                  source="country_id"
                  choices={codeOptions('country')}
                  isRequired
                  readOnly={readOnly}
                  fullWidth
                  helperText="app.settings.general.country_hint"
                />
              </FormCell>
              <FormCell>
                <SelectInput
                  source="salon_type"
                  choices={codeOptions('salonType')}
                  isRequired
                  readOnly={readOnly}
                  fullWidth
                />
              </FormCell>
              <FormCell wide>
                <LogoInput readOnly={readOnly} />
              </FormCell>
            </FormSection>
            <FormSection title="app.settings.general.tax">
              <FormCell>
                <TextInput
                  source="vat_number"
                  readOnly={readOnly}
                  fullWidth
                  slotProps={ltr}
                  helperText={
                    countryId === 1
                      ? 'app.settings.general.vat_number_hint_sa'
                      : 'app.settings.general.vat_number_hint'
                  }
                />
              </FormCell>
              <FormCell>
                <TextInput source="commercial_registration" readOnly={readOnly} fullWidth slotProps={ltr} />
              </FormCell>
            </FormSection>
            <FormSection title="app.settings.general.contact">
              <FormCell>
                <PhoneNumberInput
                  kind="telephone"
                  source="phone"
                  readOnly={readOnly}
                  fullWidth
                  helperText="app.settings.general.phone_hint"
                />
              </FormCell>
              <FormCell>
                <PhoneNumberInput
                  kind="whatsapp"
                  source="whatsapp"
                  readOnly={readOnly}
                  fullWidth
                  helperText="app.settings.general.whatsapp_hint"
                />
              </FormCell>
              <FormCell>
                <TextInput source="email" type="email" readOnly={readOnly} fullWidth slotProps={ltr} />
              </FormCell>
              <FormCell>
                <CityInput readOnly={readOnly} />
              </FormCell>
              {addresses.map((source) => (
                <FormCell key={source}>
                  <TextInput
                    source={source}
                    readOnly={readOnly}
                    fullWidth
                    multiline
                    slotProps={{ htmlInput: { dir: source.endsWith('ar') ? 'rtl' : 'ltr' } }}
                  />
                </FormCell>
              ))}
            </FormSection>
            <FormSection title="app.settings.general.social" last>
              {SOCIAL_FIELDS.map((channel) => (
                <FormCell key={channel}>
                  <TextInput
                    source={`social.${channel}`}
                    label={`resources.${SETTINGS}.fields.social.${channel}`}
                    readOnly={readOnly}
                    fullWidth
                    slotProps={ltr}
                  />
                </FormCell>
              ))}
            </FormSection>
          </>
        )}
      </SectionForm>
    </SectionCard>
  );
};
