import { MENU_RESOURCES, type NamedResource } from '../types';

const keys = (name: 'groups' | 'categories') =>
  ({
    title: `app.${name}.title`,
    empty: `app.${name}.empty`,
    empty_hint: `app.${name}.empty_hint`,
    create_title: `app.${name}.create_title`,
    edit_title: `app.${name}.edit_title`,
    created: `app.${name}.created`,
    updated: `app.${name}.updated`,
    activate: `app.${name}.activate`,
  }) as const;

/** The texts of each of the two lists (`app.groups.*`, `app.categories.*`). */
export const namedTexts = (resource: NamedResource) =>
  keys(resource === MENU_RESOURCES.groups ? 'groups' : 'categories');
