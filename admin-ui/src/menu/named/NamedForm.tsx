import { Create, Edit, SimpleForm } from 'react-admin';
import { useNotify, useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { FormSection } from '../../forms/FormSection';
import { NameInputs } from '../../forms/NameInputs';
import { useNameOf } from '../fields';
import { namePayload, type NamedItem, type NamedResource } from '../types';
import { useNameValidate } from '../validation';
import { namedTexts } from './texts';

const NameForm = ({ resource }: { resource: NamedResource }) => {
  const validate = useNameValidate(resource);
  return (
    <SimpleForm validate={validate} sx={{ maxWidth: 720 }}>
      <FormSection title={`resources.${resource}.fields.name`} last>
        <NameInputs />
      </FormSection>
    </SimpleForm>
  );
};

const useSaved = (resource: NamedResource, message: string) => {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(message, { type: 'success' });
      redirect('list', resource);
    },
  };
};

export const NamedCreate = ({ resource }: { resource: NamedResource }) => {
  const translate = useTranslate();
  const texts = namedTexts(resource);
  return (
    <Create
      resource={resource}
      title={translate(texts.create_title)}
      transform={namePayload}
      mutationOptions={useSaved(resource, texts.created)}
    >
      <NameForm resource={resource} />
    </Create>
  );
};

const EditTitle = ({ resource }: { resource: NamedResource }) => {
  const record = useRecordContext<NamedItem>();
  const translate = useTranslate();
  const nameOf = useNameOf();
  return <>{record ? translate(namedTexts(resource).edit_title, { name: nameOf(record) }) : ''}</>;
};

/** Renaming: both names, checked for duplicates by the server (shown on the field). */
export const NamedEdit = ({ resource }: { resource: NamedResource }) => (
  <Edit
    resource={resource}
    title={<EditTitle resource={resource} />}
    mutationMode="pessimistic"
    transform={namePayload}
    mutationOptions={useSaved(resource, namedTexts(resource).updated)}
  >
    <NameForm resource={resource} />
  </Edit>
);
