import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { PLATFORM_TENANT } from '../identity/events';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { booleanish, withRule } from '../validators/zod';
import { streamName } from '../events/envelope';

/**
 * What the platform tells every salon (doc1 §2 `platform-setting/platform-updates`, the notification
 * menu's `systemUpdates`, doc1 §3 Notification): a title and a description in English and Arabic, and
 * whether it is shown once as a popup after sign-in. Withdrawn, it is no longer shown.
 */
export const PLATFORM_UPDATE_CATEGORY = 'platformupdate';
export const platformUpdateStream = (id: string) => streamName(PLATFORM_UPDATE_CATEGORY, PLATFORM_TENANT, id);
/** What one user of a salon has seen of the platform's updates (the popup is shown her once). */
export const PLATFORM_UPDATES_SEEN_CATEGORY = 'platformupdatesseen';

export type PlatformUpdate = {
  update_id: string;
  english_title: string;
  arabic_title: string;
  english_description: string;
  arabic_description: string;
  shown_as_popup: boolean;
};

export type PlatformUpdatePublished = {
  type: 'PlatformUpdatePublished';
  data: PlatformUpdate & { published_at: string };
};
export type PlatformUpdateChanged = {
  type: 'PlatformUpdateChanged';
  data: Partial<Omit<PlatformUpdate, 'update_id'>> & {
    update_id: string;
    previous: Partial<Omit<PlatformUpdate, 'update_id'>>;
  };
};
export type PlatformUpdateWithdrawn = {
  type: 'PlatformUpdateWithdrawn';
  data: { update_id: string; at: string };
};
export type PlatformUpdateEvent = PlatformUpdatePublished | PlatformUpdateChanged | PlatformUpdateWithdrawn;

/** A user of a salon saw an update (its popup, or opened it from the menu): not shown her as a popup again. */
export type PlatformUpdateSeen = {
  type: 'PlatformUpdateSeen';
  data: { update_id: string; user_id: string; at: string };
};

const title = withRule(z.string(), required, maxLength(120));
const description = withRule(z.string(), required, maxLength(2000));

/** An update as the manager writes it. */
export const platformUpdateInput = z.preprocess(
  cleanPayload,
  z.object({
    english_title: title,
    arabic_title: title,
    english_description: description,
    arabic_description: description,
    shown_as_popup: booleanish.default(false),
  }),
);
export type PlatformUpdateInput = z.infer<typeof platformUpdateInput>;

export const platformUpdateMessages = {
  en: { platform: { update_withdrawn: 'This update was withdrawn: publish a new one instead' } },
  ar: { platform: { update_withdrawn: 'سُحب هذا التحديث: انشر تحديثًا جديدًا بدلًا منه' } },
};
